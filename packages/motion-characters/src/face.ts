// Facial blendshapes: the 52 ARKit names (what face-tracking and most facial rigs use) and the VRM expression
// presets (0.x and 1.0 names).
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

/** VRM 1.0 expression presets; the 0.x preset names map onto them. */
export const VRM_EXPRESSIONS = ['happy', 'angry', 'sad', 'relaxed', 'surprised', 'aa', 'ih', 'ou', 'ee', 'oh', 'blink', 'blinkLeft', 'blinkRight',
  'lookUp', 'lookDown', 'lookLeft', 'lookRight', 'neutral'] as const

const VRM0_NAMES: Record<string, string> = {
  joy: 'happy',
  sorrow: 'sad',
  fun: 'relaxed',
  a: 'aa',
  i: 'ih',
  u: 'ou',
  e: 'ee',
  o: 'oh',
  blinkl: 'blinkleft',
  blinkr: 'blinkright'
}

const normal = (name: string): string => name.replace(/^.*[.:]/, '').replace(/[_\s-]/g, '').toLowerCase()
const ARKIT = new Set(ARKIT_BLENDSHAPES.map(normal))
const VRM = new Set(VRM_EXPRESSIONS.map(normal))

export interface FaceBlendshapes {
  /** Distinct ARKit blendshapes present (of 52). */
  arkit: number
  /** Distinct VRM expression presets present (of 18), 0.x names counted as their 1.0 equivalents. */
  vrm: number
}

export function countFaceBlendshapes (names: readonly string[]): FaceBlendshapes {
  const normalised = names.map(normal)
  const vrm = new Set(normalised.map((n) => VRM0_NAMES[n] ?? n).filter((n) => VRM.has(n)))
  return { arkit: new Set(normalised.filter((n) => ARKIT.has(n))).size, vrm: vrm.size }
}

/** Number of recognised facial blendshapes (ARKit names and VRM expressions); 0 = no facial rig. */
export function faceDataType (names: readonly string[]): number {
  const counts = countFaceBlendshapes(names)
  return counts.arkit + counts.vrm
}

/**
 * Facial animation drives either the ARKit set or the VRM presets, whichever the character covers better:
 * refuse (906) when more than half of that set is missing.
 */
export function checkFaceSupport (info: { faceBlendshapes: FaceBlendshapes }): void {
  const { arkit, vrm } = info.faceBlendshapes
  const arkitMissing = ARKIT_BLENDSHAPES.length - arkit
  const vrmMissing = VRM_EXPRESSIONS.length - vrm
  if (arkitMissing > ARKIT_BLENDSHAPES.length / 2 && vrmMissing > VRM_EXPRESSIONS.length / 2) {
    throw new CharacterError(
      CHARACTER_ERROR.face,
      `facial animation needs the ARKit blendshapes or the VRM expressions: ${arkitMissing} of ${ARKIT_BLENDSHAPES.length} ARKit and ${vrmMissing} of ${VRM_EXPRESSIONS.length} VRM ones are missing`
    )
  }
}
