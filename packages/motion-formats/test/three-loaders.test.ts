// three.js (what the renderer and the web viewer use) loads each format and plays it: bone world positions at a
// frame must equal the engine's forward kinematics.
import { fk } from '@openmotion/motion-engine'
import type { MotionClip } from '@openmotion/motion-engine'
import { AnimationMixer, Bone, Vector3 } from 'three'
import type { AnimationClip, Object3D, SkinnedMesh } from 'three'
import { BVHLoader } from 'three/examples/jsm/loaders/BVHLoader.js'
import { FBXLoader } from 'three/examples/jsm/loaders/FBXLoader.js'
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js'
import { describe, expect, it } from 'vitest'
import { writeBvh } from '../src/bvh-writer.js'
import { writeFbx } from '../src/fbx-writer.js'
import { writeGlb } from '../src/glb-writer.js'
import { quatRotate } from '@openmotion/motion-engine'
import { engineClip } from './support/clips.js'

function arrayBuffer (bytes: Uint8Array): ArrayBuffer {
  return bytes.slice().buffer as ArrayBuffer
}

/** Plays `animation` on `root` to `frame` and returns the world position of every bone by name, in metres. */
function posedBones (root: Object3D, animation: AnimationClip, time: number, scale: number): Map<string, Vector3> {
  const mixer = new AnimationMixer(root)
  mixer.clipAction(animation).play()
  mixer.setTime(time)
  root.updateMatrixWorld(true)
  const out = new Map<string, Vector3>()
  root.traverse(o => { if (o instanceof Bone || o.type === 'Bone') out.set(o.name, o.getWorldPosition(new Vector3()).multiplyScalar(scale)) })
  return out
}

function maxError (clip: MotionClip, frame: number, bones: Map<string, Vector3>, nameOf: (name: string) => string): number {
  let worst = 0
  fk(clip, frame).positions.forEach((p, j) => {
    const b = bones.get(nameOf(clip.skeleton.joints[j]!.name))
    if (b === undefined) return
    worst = Math.max(worst, Math.hypot(b.x - p[0], b.y - p[1], b.z - p[2]))
  })
  return worst
}

function restWorld (clip: MotionClip): Array<[number, number, number]> {
  const out: Array<[number, number, number]> = []
  for (const j of clip.skeleton.joints) {
    const p = j.parent < 0 ? [0, 0, 0] : out[j.parent]!
    out.push([p[0]! + j.offset[0], p[1]! + j.offset[1], p[2]! + j.offset[2]])
  }
  return out
}

/**
 * Largest distance between three.js's skinning of the (already posed) mesh and linear blend skinning computed
 * from the engine's FK with the same weights: proves bind matrices, weights and bone binding agree.
 */
function skinningError (clip: MotionClip, frame: number, root: Object3D, scale: number, nameOf: (name: string) => string): number {
  let mesh: SkinnedMesh | undefined
  root.traverse(o => { if ((o as SkinnedMesh).isSkinnedMesh === true) mesh = o as SkinnedMesh })
  if (mesh === undefined) throw new Error('no skinned mesh')
  mesh.skeleton.update()
  const pose = fk(clip, frame)
  const rest = restWorld(clip)
  const jointOf = new Map(clip.skeleton.joints.map((j, i) => [nameOf(j.name), i]))
  const position = mesh.geometry.getAttribute('position')
  const skinIndex = mesh.geometry.getAttribute('skinIndex')
  const skinWeight = mesh.geometry.getAttribute('skinWeight')
  let worst = 0
  for (let v = 0; v < position.count; v += 7) {
    // getVertexPosition applies three's skinning (bind matrix, bone matrices, inverse bind) to the vertex.
    const got = mesh.localToWorld(mesh.getVertexPosition(v, new Vector3())).multiplyScalar(scale)
    const restPos = new Vector3().fromBufferAttribute(position, v).applyMatrix4(mesh.matrixWorld).multiplyScalar(scale)
    const expected = [0, 0, 0]
    for (let s = 0; s < 4; s++) {
      const w = skinWeight.getComponent(v, s)
      if (w === 0) continue
      const j = jointOf.get(mesh.skeleton.bones[skinIndex.getComponent(v, s)]!.name)!
      const moved = quatRotate(pose.rotations[j]!, [restPos.x - rest[j]![0], restPos.y - rest[j]![1], restPos.z - rest[j]![2]])
      for (let k = 0; k < 3; k++) expected[k] = expected[k]! + w * (moved[k]! + pose.positions[j]![k]!)
    }
    worst = Math.max(worst, Math.hypot(got.x - expected[0]!, got.y - expected[1]!, got.z - expected[2]!))
  }
  return worst
}

describe('three.js loaders', () => {
  it('GLTFLoader plays the GLB with the engine pose', async () => {
    const clip = await engineClip()
    const gltf = await new GLTFLoader().parseAsync(arrayBuffer(await writeGlb(clip, { bonePrefix: 'mixamorig:' })), '')
    expect(gltf.animations).toHaveLength(1)
    let skinned = 0
    gltf.scene.traverse(o => { if ((o as { isSkinnedMesh?: boolean }).isSkinnedMesh === true) skinned++ })
    expect(skinned).toBe(1)
    const frame = 40
    const bones = posedBones(gltf.scene, gltf.animations[0]!, frame / clip.fps, 1)
    // three.js drops ':' from node names.
    expect(bones.size).toBe(clip.skeleton.joints.length)
    expect(maxError(clip, frame, bones, n => `mixamorig${n}`)).toBeLessThan(1e-3)
    expect(skinningError(clip, frame, gltf.scene, 1, n => `mixamorig${n}`)).toBeLessThan(1e-3)
  })

  it('FBXLoader plays the binary FBX with the engine pose', async () => {
    const clip = await engineClip()
    const group = new FBXLoader().parse(arrayBuffer(writeFbx(clip)), '')
    expect(group.animations).toHaveLength(1)
    const frame = 40
    const bones = posedBones(group, group.animations[0]!, frame / clip.fps, 0.01)
    expect(bones.size).toBe(clip.skeleton.joints.length)
    expect(maxError(clip, frame, bones, n => n)).toBeLessThan(1e-3)
    expect(skinningError(clip, frame, group, 0.01, n => n)).toBeLessThan(1e-3)
  })

  it('BVHLoader plays the BVH with the engine pose', async () => {
    const clip = await engineClip()
    const result = new BVHLoader().parse(writeBvh(clip))
    const frame = 40
    const root = result.skeleton.bones[0]!
    const bones = posedBones(root, result.clip, frame / clip.fps, 0.01)
    expect(maxError(clip, frame, bones, n => n)).toBeLessThan(1e-3)
    expect(bones.has('Hips')).toBe(true)
  })
})
