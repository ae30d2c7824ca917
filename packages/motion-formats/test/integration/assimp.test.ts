import { describe, expect, it } from 'vitest'
import { requireTool } from '@openmotion/test-services'
import { writeBvh } from '../../src/bvh-writer.js'
import { writeFbx } from '../../src/fbx-writer.js'
import { writeGlb } from '../../src/glb-writer.js'
import { createMannequinMesh } from '../../src/mannequin-mesh.js'
import { engineClip } from '../support/clips.js'
import { dumpScene, findAssimp } from './assimp-dump.js'

const assimp = findAssimp()

// Without the tool the suite cannot prove anything; in CI that is a failure, locally it is reported as skipped.
describe.runIf(requireTool('assimp', assimp !== undefined, 'Debian assimp-utils'))('files open in assimp', () => {
  const tool = assimp!

  it('reads the FBX skeleton, skinned mesh and every frame of the animation', async () => {
    const clip = await engineClip()
    const n = clip.skeleton.joints.length
    const scene = dumpScene(tool, writeFbx(clip, { name: 'Walk' }), 'fbx')
    expect(new Set(scene.bones)).toEqual(new Set(clip.skeleton.joints.map(j => j.name)))
    // Bone offset matrices come from the clusters' Transform: minus each joint's rest world position, in cm.
    const rest: number[][] = []
    clip.skeleton.joints.forEach((joint, j) => {
      const p = joint.parent < 0 ? [0, 0, 0] : rest[joint.parent]!
      rest.push([p[0]! + joint.offset[0], p[1]! + joint.offset[1], p[2]! + joint.offset[2]])
      scene.boneOffsets.get(joint.name)!.forEach((v, k) => expect(v).toBeCloseTo(-rest[j]![k]! * 100, 3))
    })
    // assimp's FBX importer gives every face corner its own vertex.
    expect(scene.meshVertexCount).toBe(createMannequinMesh(clip.skeleton).indices.length)
    expect(scene.animations.map(a => a.name)).toEqual(['Walk'])
    const channels = scene.animations[0]!.channels
    expect(channels.size).toBe(n)
    clip.skeleton.joints.forEach((joint, j) => {
      const rotations = channels.get(joint.name)!.rotations
      expect(rotations).toHaveLength(clip.frameCount)
      // assimp's dump prints quaternions as x y z w, like the clip.
      rotations.forEach(([x, y, z, w], f) => {
        const o = (f * n + j) * 4
        const r = clip.rotations
        expect(Math.abs(x! * r[o]! + y! * r[o + 1]! + z! * r[o + 2]! + w! * r[o + 3]!)).toBeGreaterThan(0.9999)
      })
    })
    const hips = channels.get('Hips')!.positions
    hips.forEach((p, f) => expect(p[1]).toBeCloseTo(clip.rootTranslation[f * 3 + 1]! * 100, 2))
  })

  it('reads the GLB skin and animation', async () => {
    const clip = await engineClip()
    const scene = dumpScene(tool, await writeGlb(clip), 'glb')
    expect(scene.animations).toHaveLength(1)
    expect(scene.animations[0]!.channels.size).toBe(clip.skeleton.joints.length)
    expect(scene.animations[0]!.channels.get('LeftArm')!.rotations).toHaveLength(clip.frameCount)
    expect(scene.bones.length).toBeGreaterThan(20)
  })

  it('reads the BVH hierarchy and every frame with the rotations of the clip', async () => {
    const clip = await engineClip()
    const n = clip.skeleton.joints.length
    const scene = dumpScene(tool, new TextEncoder().encode(writeBvh(clip)), 'bvh')
    const channels = scene.animations[0]!.channels
    const animated = clip.skeleton.joints.filter((_, j) => clip.skeleton.joints.some(c => c.parent === j))
    expect(animated.every(joint => channels.has(joint.name))).toBe(true)
    clip.skeleton.joints.forEach((joint, j) => {
      const rotations = channels.get(joint.name)?.rotations
      if (rotations === undefined) return
      expect(rotations).toHaveLength(clip.frameCount)
      rotations.forEach(([x, y, z, w], f) => {
        const o = (f * n + j) * 4
        const r = clip.rotations
        expect(Math.abs(x! * r[o]! + y! * r[o + 1]! + z! * r[o + 2]! + w! * r[o + 3]!)).toBeGreaterThan(0.9999)
      })
    })
  })
})
