// What the export options change: rootAtOrigin puts a static origin bone above their hips in every file without
// moving the animation; the FBX carries their mesh (re-importable, same vertices and height); skipFBX drops it.
import { WebIO } from '@gltf-transform/core'
import { validateBytes } from 'gltf-validator'
import { beforeAll, describe, expect, it } from 'vitest'
import { createEngine, type MotionClip } from '@openmotion/motion-engine'
import { animateCharacter, characterMesh, detectRig, inspectCharacter, loadCharacter, skeletonBones } from '../src/index.js'
import { buildCharacter, glb, NAMING } from '../src/testing/corpus.js'
import { glbPoses } from './support/glb-pose.js'

let clip: MotionClip
beforeAll(async () => {
  clip = await createEngine({ kind: 'builtin' }).generate(
    { prompt: 'walk forward then wave', seed: 4, fps: 30, durationSeconds: 2 },
    { signal: AbortSignal.timeout(60_000) }
  )
})

describe('rootAtOrigin on a custom character', () => {
  it('adds a static Root at the origin above the hips in GLB, BVH and FBX, and the hands move as without it', async () => {
    const source = await glb(buildCharacter({ rename: NAMING.mixamo, unitsPerMetre: 100 }))
    const plain = await animateCharacter(source, 'glb', clip, { name: 'plain' })
    const rooted = await animateCharacter(source, 'glb', clip, { name: 'rooted', rootAtOrigin: true })
    expect((await validateBytes(rooted[0]!.bytes, { maxIssues: 10, writeTimestamp: false })).issues.numErrors).toBe(0)

    const doc = await new WebIO().readBinary(rooted[0]!.bytes)
    const root = doc.getRoot().listNodes().find((n) => n.getName() === 'Root')!
    const identity = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
    root.getWorldMatrix().forEach((v, i) => { expect(v).toBeCloseTo(identity[i]!, 6) })
    expect(root.listChildren().map((c) => c.getName())).toEqual(['mixamorig:Hips'])
    expect(doc.getRoot().listAnimations()[0]!.listChannels().some((c) => c.getTargetNode() === root)).toBe(false)
    expect(doc.getRoot().listSkins()[0]!.listJoints()).toContain(root)

    const before = await glbPoses(plain[0]!.bytes)
    const after = await glbPoses(rooted[0]!.bytes)
    for (const frame of [0, 30, 59]) {
      for (const bone of ['mixamorig:RightHand', 'mixamorig:LeftFoot']) {
        const a = before(frame).get(bone)!; const b = after(frame).get(bone)!
        expect(Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]), `${bone} at frame ${frame}`).toBeLessThan(1e-4)
      }
    }
    expect(Buffer.from(rooted[1]!.bytes).toString('utf8')).toMatch(/^HIERARCHY\nROOT Root\n/)
    expect((await inspectCharacter(rooted[2]!.bytes, 'fbx')).boneMap.Hips).toBe('mixamorig:Hips')
  })

  it('leaves a rig whose hips already hang under a bone at the origin as it is', async () => {
    const source = await glb(buildCharacter({ rename: NAMING.mixamo, rootBone: 'root' }))
    const files = await animateCharacter(source, 'glb', clip, { name: 'unreal', rootAtOrigin: true })
    const names = (await new WebIO().readBinary(files[0]!.bytes)).getRoot().listNodes().map((n) => n.getName())
    expect(names).not.toContain('Root')
    expect(names).toContain('root')
  })
})

describe('FBX of a custom character', () => {
  it('carries their mesh skinned to their skeleton, at their size', async () => {
    const source = await glb(buildCharacter({ rename: NAMING.unreal, height: 1.6, aPose: true }))
    const files = await animateCharacter(source, 'glb', clip, { name: 'hero' })
    const fbx = files.find((f) => f.type === 'fbx')!
    const info = await inspectCharacter(fbx.bytes, 'fbx')
    expect(info.stats.vertices).toBe((await inspectCharacter(source, 'glb')).stats.vertices)
    expect(info.rigId).toBe('unreal')
    // Posed at rest, the mesh read back from the FBX is as tall as the uploaded one.
    const top = async (bytes: Uint8Array, format: 'glb' | 'fbx'): Promise<number> => {
      const character = await loadCharacter(bytes, format)
      const mesh = characterMesh(character, skeletonBones(character, detectRig(character).joints.get('Hips')!))
      return Math.max(...mesh.positions.filter((_, i) => i % 3 === 1))
    }
    expect(Math.abs(await top(fbx.bytes, 'fbx') - await top(source, 'glb'))).toBeLessThan(0.005)
    expect(await top(source, 'glb')).toBeGreaterThan(1.5)
  })

  it('is left out with skipFBX', async () => {
    const files = await animateCharacter(await glb(buildCharacter({ rename: NAMING.mixamo })), 'glb', clip, { name: 'hero', skipFBX: true })
    expect(files.map((f) => f.type)).toEqual(['glb', 'bvh'])
  })
})
