// three.js (what the renderer and the web viewer use) loads each format and plays it: bone world positions at a
// frame must equal the engine's forward kinematics.
import { fk } from '@openmotion/motion-engine'
import type { MotionClip } from '@openmotion/motion-engine'
import { AnimationMixer, Bone, Vector3 } from 'three'
import type { AnimationClip, Object3D } from 'three'
import { BVHLoader } from 'three/examples/jsm/loaders/BVHLoader.js'
import { FBXLoader } from 'three/examples/jsm/loaders/FBXLoader.js'
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js'
import { describe, expect, it } from 'vitest'
import { writeBvh } from '../src/bvh-writer.js'
import { writeFbx } from '../src/fbx-writer.js'
import { writeGlb } from '../src/glb-writer.js'
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
  })

  it('FBXLoader plays the binary FBX with the engine pose', async () => {
    const clip = await engineClip()
    const group = new FBXLoader().parse(arrayBuffer(writeFbx(clip)), '')
    expect(group.animations).toHaveLength(1)
    const frame = 40
    const bones = posedBones(group, group.animations[0]!, frame / clip.fps, 0.01)
    expect(bones.size).toBe(clip.skeleton.joints.length)
    expect(maxError(clip, frame, bones, n => n)).toBeLessThan(1e-3)
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
