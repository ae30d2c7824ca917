// One animation stack with one layer: a rotation curve node (Euler degrees, FBX's default XYZ order) per
// animated bone and a translation curve node (centimetres) on the hips. Keys sit on every frame, linear.
import type { MotionClip } from '@openmotion/motion-engine'
import { quatToEulerXYZ, unwrapDegrees } from '../math/rotation.js'
import { boneRotation, hipsTranslation } from '../rig.js'
import type { Rig } from '../rig.js'
import type { FbxConnections } from './fbx-connections.js'
import { frameTicks } from './fbx-ids.js'
import type { FbxIds } from './fbx-ids.js'
import { f32s, f64, i32, i32s, i64, leaf, node, objectName, p70, properties70, pTime, str } from './fbx-node.js'
import type { FbxNode } from './fbx-node.js'
import { CM } from './fbx-model-objects.js'

// FbxAnimCurveDef::eInterpolationLinear; the tangent data that follows is unused by linear keys.
const LINEAR = 0x00000004

function curve (id: bigint, times: BigInt64Array, values: Float32Array): FbxNode {
  return node('AnimationCurve', [i64(id), objectName('', 'AnimCurve'), str('')], [
    leaf('Default', f64(values[0] ?? 0)),
    leaf('KeyVer', i32(4009)),
    leaf('KeyTime', { type: 'l', value: times }),
    leaf('KeyValueFloat', f32s(values)),
    leaf('KeyAttrFlags', i32s([LINEAR])),
    leaf('KeyAttrDataFloat', f32s([0, 0, 0, 0])),
    leaf('KeyAttrRefCount', i32s([values.length]))
  ])
}

interface CurveSet { objects: FbxNode[], links: FbxConnections, ids: FbxIds, layer: bigint, times: BigInt64Array }

function curveNode (set: CurveSet, target: bigint, property: 'Lcl Translation' | 'Lcl Rotation', xyz: Float32Array[]): void {
  const id = set.ids.take()
  set.objects.push(node('AnimationCurveNode', [i64(id), objectName(property === 'Lcl Rotation' ? 'R' : 'T', 'AnimCurveNode'), str('')], [
    properties70(['X', 'Y', 'Z'].map((axis, k) => p70(`d|${axis}`, 'Number', '', 'A', { kind: 'double', v: [xyz[k]![0] ?? 0] })))
  ]))
  set.links.oo(id, set.layer)
  set.links.op(id, target, property)
  xyz.forEach((values, k) => {
    const c = set.ids.take()
    set.objects.push(curve(c, set.times, values))
    set.links.op(c, id, `d|${'XYZ'[k]!}`)
  })
}

/** Euler XYZ degrees per frame for one bone, unwrapped so linear keys never spin the long way. */
function eulerTracks (clip: MotionClip, rig: Rig, bone: number): Float32Array[] {
  const tracks = [new Float32Array(clip.frameCount), new Float32Array(clip.frameCount), new Float32Array(clip.frameCount)]
  for (let f = 0; f < clip.frameCount; f++) {
    const e = quatToEulerXYZ(boneRotation(clip, rig.bones[bone]!, f))
    for (let k = 0; k < 3; k++) tracks[k]![f] = f === 0 ? e[k]! : unwrapDegrees(tracks[k]![f - 1]!, e[k]!)
  }
  return tracks
}

export function animationObjects (clip: MotionClip, rig: Rig, boneIds: bigint[], stackName: string, ids: FbxIds, links: FbxConnections): FbxNode[] {
  const stack = ids.take()
  const layer = ids.take()
  const times = new BigInt64Array(clip.frameCount)
  for (let f = 0; f < clip.frameCount; f++) times[f] = frameTicks(f, clip.fps)
  const stop = times[clip.frameCount - 1]!
  const objects: FbxNode[] = [
    node('AnimationStack', [i64(stack), objectName(stackName, 'AnimStack'), str('')], [
      properties70([pTime('LocalStart', 0n), pTime('LocalStop', stop), pTime('ReferenceStart', 0n), pTime('ReferenceStop', stop)])
    ]),
    node('AnimationLayer', [i64(layer), objectName('BaseLayer', 'AnimLayer'), str('')], [properties70([])])
  ]
  links.oo(layer, stack)
  const set: CurveSet = { objects, links, ids, layer, times }
  const t = [new Float32Array(clip.frameCount), new Float32Array(clip.frameCount), new Float32Array(clip.frameCount)]
  for (let f = 0; f < clip.frameCount; f++) hipsTranslation(clip, f).forEach((v, k) => { t[k]![f] = v * CM })
  curveNode(set, boneIds[rig.hips]!, 'Lcl Translation', t)
  rig.bones.forEach((b, i) => { if (b.joint >= 0) curveNode(set, boneIds[i]!, 'Lcl Rotation', eulerTracks(clip, rig, i)) })
  return objects
}

export function stopTicks (clip: MotionClip): bigint {
  return frameTicks(clip.frameCount - 1, clip.fps)
}
