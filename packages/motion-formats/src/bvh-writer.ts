// BVH (Biovision hierarchy) text. Offsets and positions in centimetres, the unit Blender, MotionBuilder and the
// CMU/Mixamo corpora use. Rotation channels are written Zrotation Xrotation Yrotation (R = Rz · Rx · Ry), the
// order the CMU files made standard. Leaf joints become End Sites: their rotation moves nothing.
import type { MotionClip } from '@openmotion/motion-engine'
import { quatToEulerZXY, unwrapDegrees } from './math/rotation.js'
import { boneRotation, buildRig, childrenOf, hipsTranslation } from './rig.js'
import type { Rig, RigOptions } from './rig.js'
import { assertValidClip } from './validate-clip.js'

export type BvhOptions = RigOptions

const CM = 100
const POSITION_CHANNELS = 'Xposition Yposition Zposition Zrotation Xrotation Yrotation'

function num (v: number, digits: number): string {
  const s = v.toFixed(digits)
  return s === `-${(0).toFixed(digits)}` ? s.slice(1) : s
}

function vec (v: readonly number[], scale: number): string {
  return v.map(x => num(x * scale, 4)).join(' ')
}

/** Bones written as ROOT/JOINT (with channels) in file order; leaves are End Sites of their parent. */
function writeHierarchy (rig: Rig, lines: string[]): number[] {
  const order: number[] = []
  const visit = (bone: number, depth: number): void => {
    const b = rig.bones[bone]!
    const pad = '  '.repeat(depth)
    const moves = b.parent < 0 || bone === rig.hips
    // Readers disagree on translation channels: Blender and assimp take them as the absolute local position,
    // three.js adds them to the OFFSET. A zero OFFSET on translated bones (as in the CMU files) reads the same in both.
    lines.push(`${pad}${b.parent < 0 ? 'ROOT' : 'JOINT'} ${b.name}`, `${pad}{`, `${pad}  OFFSET ${moves ? vec([0, 0, 0], CM) : vec(b.rest, CM)}`)
    order.push(bone)
    lines.push(`${pad}  CHANNELS ${moves ? `6 ${POSITION_CHANNELS}` : '3 Zrotation Xrotation Yrotation'}`)
    const kids = childrenOf(rig, bone)
    const joints = kids.filter(k => childrenOf(rig, k).length > 0)
    const ends = kids.filter(k => childrenOf(rig, k).length === 0)
    for (const k of joints) visit(k, depth + 1)
    // BVH allows one End Site per joint; a joint with several leaf children keeps the first as End Site and
    // writes the others as joints (they then carry channels like any bone).
    for (const k of ends.slice(1)) visitLeafAsJoint(k, depth + 1)
    const end = ends[0]
    if (end !== undefined || kids.length === 0) {
      const offset = end === undefined ? [0, 0, 0] : rig.bones[end]!.rest
      lines.push(`${pad}  End Site`, `${pad}  {`, `${pad}    OFFSET ${vec(offset, CM)}`, `${pad}  }`)
    }
    lines.push(`${pad}}`)
  }
  const visitLeafAsJoint = (bone: number, depth: number): void => {
    const b = rig.bones[bone]!
    const pad = '  '.repeat(depth)
    lines.push(`${pad}JOINT ${b.name}`, `${pad}{`, `${pad}  OFFSET ${vec(b.rest, CM)}`,
      `${pad}  CHANNELS 3 Zrotation Xrotation Yrotation`,
      `${pad}  End Site`, `${pad}  {`, `${pad}    OFFSET 0.0000 0.0000 0.0000`, `${pad}  }`, `${pad}}`)
    order.push(bone)
  }
  visit(0, 0)
  return order
}

/** Serialises a clip as a BVH file. */
export function writeBvh (clip: MotionClip, options: BvhOptions = {}): string {
  assertValidClip(clip)
  const rig = buildRig(clip, options)
  const lines: string[] = ['HIERARCHY']
  const order = writeHierarchy(rig, lines)
  lines.push('MOTION', `Frames: ${clip.frameCount}`, `Frame Time: ${num(1 / clip.fps, 7)}`)
  const previous = new Map<number, number[]>()
  for (let f = 0; f < clip.frameCount; f++) {
    const values: string[] = []
    for (const bone of order) {
      const b = rig.bones[bone]!
      if (b.parent < 0 || bone === rig.hips) {
        values.push(vec(bone === rig.hips ? hipsTranslation(clip, f) : b.rest, CM))
      }
      const [x, y, z] = quatToEulerZXY(boneRotation(clip, b, f))
      const prev = previous.get(bone)
      const zxy = prev === undefined ? [z, x, y] : [unwrapDegrees(prev[0]!, z), unwrapDegrees(prev[1]!, x), unwrapDegrees(prev[2]!, y)]
      previous.set(bone, zxy)
      values.push(zxy.map(v => num(v, 4)).join(' '))
    }
    lines.push(values.join(' '))
  }
  lines.push('')
  return lines.join('\n')
}
