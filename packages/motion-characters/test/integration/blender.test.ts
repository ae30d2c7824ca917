// FBX written by Blender (Debian `blender`, headless): src/testing/blender.ts builds a skinned
// humanoid with RobotExpressive-style or side-less bone names, weights that do not sum to 1, two ARKit shape keys,
// an embedded PNG texture and a second material on the legs, and exports it. Read back: the rig, the rest pose in
// metres facing +Z, the texture, both materials, the blendshapes (faceDataType), and an animated GLB the glTF
// validator accepts.
import { WebIO } from '@gltf-transform/core'
import { createEngine, type MotionClip } from '@openmotion/motion-engine'
import { validateBytes } from 'gltf-validator'
import { beforeAll, describe, expect, it } from 'vitest'
import { requireTool } from '@openmotion/test-services'
import { animateCharacter, inspectCharacter, loadCharacter, toGlb } from '../../src/index.js'
import { blenderFbx, hasBlender, TEXTURE_PNG } from '../../src/testing/index.js'
import { worldTransforms } from '../../src/transforms.js'

const blender = requireTool('blender', hasBlender(), 'Debian blender')

let clip: MotionClip
beforeAll(async () => {
  clip = await createEngine({ kind: 'builtin' }).generate(
    { prompt: 'walk then wave', seed: 4, fps: 30, durationSeconds: 1 },
    { signal: AbortSignal.timeout(60_000) }
  )
})

describe.runIf(blender).each([
  { mode: 'robot' as const, hands: ['Palm2L', 'Palm2R'] },
  { mode: 'sideless' as const, hands: ['Palm2', 'Palm2.001'] }
])('Blender FBX with $mode bone names', ({ mode, hands }) => {
  it('is read with its rig, rest pose, embedded texture and shape keys, and animated into a valid GLB', async () => {
    const fbx = blenderFbx(mode)
    const info = await inspectCharacter(fbx, 'fbx')
    expect(info).toMatchObject({ rigId: 'generic', handDataType: 1, faceDataType: 2, missingTextures: [] })
    expect([info.boneMap.LeftHand, info.boneMap.RightHand]).toEqual(hands)

    const character = await loadCharacter(fbx, 'fbx')
    const world = worldTransforms(character.nodes)
    const at = (name: string): number[] => [...world[character.nodes.findIndex((n) => n.name === name)]!.t]
    // Blender's +X left, -Y forward, Z up become glTF's +X left, +Z forward, Y up; lengths stay metres.
    for (const [name, want] of [[hands[0]!, [0.7, 1.42, 0]], [hands[1]!, [-0.7, 1.42, 0]], ['Head', [0, 1.55, 0]]] as const) {
      const got = at(name)
      expect(Math.hypot(got[0]! - want[0], got[1]! - want[1], got[2]! - want[2]), name).toBeLessThan(1e-3)
    }
    expect(at(mode === 'robot' ? 'ToeL' : 'Toe')[2]).toBeGreaterThan(0.1)

    const packed = await toGlb(fbx, 'fbx')
    expect((await validateBytes(packed, { maxIssues: 10, writeTimestamp: false })).issues.numErrors).toBe(0)
    const [primitive, legs] = (await new WebIO().readBinary(packed)).getRoot().listMeshes()[0]!.listPrimitives()
    expect(Buffer.from(primitive!.getMaterial()!.getBaseColorTexture()!.getImage()!)).toEqual(TEXTURE_PNG)
    expect(primitive!.listTargets()).toHaveLength(2)
    expect(legs!.getMaterial()!.getName()).toBe('Metal')
    expect(legs!.getMaterial()!.getBaseColorFactor().map((c) => Math.round(c * 10) / 10)).toEqual([0.2, 0.3, 0.8, 1])

    const [animated] = await animateCharacter(fbx, 'fbx', clip, { name: 'blender', skipFBX: true })
    const report = await validateBytes(animated!.bytes, { maxIssues: 10, writeTimestamp: false })
    expect(report.issues.numErrors, JSON.stringify(report.issues.messages)).toBe(0)
  })
})
