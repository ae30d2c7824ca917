// Facial blendshapes: the 52 ARKit names (what face-tracking and most facial rigs use) and VRM expressions.
import { CharacterError, CHARACTER_ERROR } from './errors.js'

export const ARKIT_BLENDSHAPES = [
  'browDownLeft', 'browDownRight', 'browInnerUp', 'browOuterUpLeft', 'browOuterUpRight', 'cheekPuff', 'cheekSquintLeft', 'cheekSquintRight',
  'eyeBlinkLeft', 'eyeBlinkRight', 'eyeLookDownLeft', 'eyeLookDownRight', 'eyeLookInLeft', 'eyeLookInRight', 'eyeLookOutLeft', 'eyeLookOutRight',
  'eyeLookUpLeft', 'eyeLookUpRight', 'eyeSquintLeft', 'eyeSquintRight', 'eyeWideLeft', 'eyeWideRight', 'jawForward', 'jawLeft', 'jawOpen',
  'jawRight', 'mouthClose', 'mouthDimpleLeft', 'mouthDimpleRight', 'mouthFrownLeft', 'mouthFrownRight', 'mouthFunnel', 'mouthLeft',
  'mouthLowerDownLeft', 'mouthLowerDownRight', 'mouthPressLeft', 'mouthPressRight', 'mouthPucker', 'mouthRight', 'mouthRollLower',
  'mouthRollUpper', 'mouthShrugLower', 'mouthShrugUpper', 'mouthSmileLeft', 'mouthSmileRight', 'mouthStretchLeft', 'mouthStretchRight',
  'mouthUpperUpLeft', 'mouthUpperUpRight', 'noseSneerLeft', 'noseSneerRight', 'tongueOut'
] as const

const VRM_EXPRESSIONS = ['happy', 'angry', 'sad', 'relaxed', 'surprised', 'joy', 'sorrow', 'fun', 'aa', 'ih', 'ou', 'ee', 'oh', 'blink', 'blinkLeft', 'blinkRight',
  'blink_l', 'blink_r', 'a', 'i', 'u', 'e', 'o', 'neutral', 'lookUp', 'lookDown', 'lookLeft', 'lookRight', 'lookup', 'lookdown', 'lookleft', 'lookright']

const normal = (name: string): string => name.replace(/^.*[.:]/, '').replace(/[_\s-]/g, '').toLowerCase()
const ARKIT = new Set(ARKIT_BLENDSHAPES.map(normal))
const VRM = new Set(VRM_EXPRESSIONS.map(normal))

/** Number of recognised facial blendshapes (ARKit names and VRM expressions); 0 = no facial rig. */
export function faceDataType (names: readonly string[]): number {
  return new Set(names.map(normal).filter((n) => ARKIT.has(n) || VRM.has(n))).size
}

/** Facial animation drives the ARKit set: refuse (906) when more than half of it is missing. */
export function assertFaceSupport (names: readonly string[]): void {
  const present = new Set(names.map(normal).filter((n) => ARKIT.has(n))).size
  const missing = ARKIT_BLENDSHAPES.length - present
  if (missing > ARKIT_BLENDSHAPES.length / 2) {
    throw new CharacterError(CHARACTER_ERROR.face, `${missing} of the ${ARKIT_BLENDSHAPES.length} ARKit blendshapes facial animation needs are missing`)
  }
}
