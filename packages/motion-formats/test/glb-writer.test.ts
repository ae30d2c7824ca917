import { WebIO } from '@gltf-transform/core'
import { createHumanoidSkeleton, fk } from '@openmotion/motion-engine'
import { validateBytes } from 'gltf-validator'
import { describe, expect, it } from 'vitest'
import { readGlbAnimation } from '../src/glb-reader.js'
import { writeGlb } from '../src/glb-writer.js'
import { createMannequinMesh } from '../src/mannequin-mesh.js'
import { engineClip, randomClip } from './support/clips.js'

async function validate (glb: Uint8Array): Promise<Awaited<ReturnType<typeof validateBytes>>> {
  return await validateBytes(glb, { maxIssues: 50, writeTimestamp: false })
}

describe('writeGlb', () => {
  it('passes the Khronos glTF validator with zero errors and zero warnings for an engine clip', async () => {
    const clip = await engineClip()
    const report = await validate(await writeGlb(clip))
    expect(report.issues.messages.filter(m => m.severity <= 1)).toEqual([])
    expect(report.info?.animationCount).toBe(1)
    expect(report.info?.hasSkins).toBe(true)
  })

  it('passes the validator with rootAtOrigin and a prefixed rig', async () => {
    const glb = await writeGlb(randomClip(5), { rootAtOrigin: true, bonePrefix: 'mixamorig:' })
    const report = await validate(glb)
    expect(report.issues.numErrors).toBe(0)
    const back = await readGlbAnimation(glb)
    expect(back.nodes[0]).toMatchObject({ name: 'mixamorig:Root', parent: -1, translation: [0, 0, 0] })
    expect(back.skinJoints[1]).toBe('mixamorig:Hips')
  })

  it('round-trips every joint rotation and the root translation per frame', async () => {
    const clip = randomClip(15)
    const back = await readGlbAnimation(await writeGlb(clip, { name: 'Walk' }))
    expect(back.name).toBe('Walk')
    const n = clip.skeleton.joints.length
    const rotations = back.channels.filter(c => c.path === 'rotation')
    expect(rotations).toHaveLength(n)
    for (const c of back.channels) {
      expect(c.interpolation).toBe('LINEAR')
      expect(c.times).toHaveLength(15)
      expect(c.times[14]).toBeCloseTo(14 / 30, 6)
    }
    clip.skeleton.joints.forEach((joint, j) => {
      const ch = rotations.find(c => c.node === joint.name)!
      for (let f = 0; f < clip.frameCount; f++) {
        const o = (f * n + j) * 4
        const dot = [0, 1, 2, 3].reduce((s, k) => s + ch.values[f * 4 + k]! * clip.rotations[o + k]!, 0)
        expect(Math.abs(dot)).toBeGreaterThan(1 - 1e-6)
      }
    })
    const t = back.channels.find(c => c.path === 'translation')!
    expect(t.node).toBe('Hips')
    expect(Array.from(t.values)).toEqual(Array.from(clip.rootTranslation))
  })

  it('builds the joint hierarchy in the rest pose of the skeleton', async () => {
    const clip = randomClip(2)
    const back = await readGlbAnimation(await writeGlb(clip))
    clip.skeleton.joints.forEach(joint => {
      const node = back.nodes.find(x => x.name === joint.name)!
      node.translation.forEach((v, k) => expect(v).toBeCloseTo(joint.offset[k]!, 6))
      const parent = joint.parent < 0 ? undefined : clip.skeleton.joints[joint.parent]!.name
      expect(node.parent < 0 ? undefined : back.nodes[node.parent]!.name).toBe(parent)
    })
  })

  it('keeps consecutive rotation keys in one hemisphere', async () => {
    const clip = randomClip(30)
    const back = await readGlbAnimation(await writeGlb(clip))
    for (const c of back.channels.filter(x => x.path === 'rotation')) {
      for (let f = 1; f < 30; f++) {
        const dot = [0, 1, 2, 3].reduce((s, k) => s + c.values[f * 4 + k]! * c.values[(f - 1) * 4 + k]!, 0)
        expect(dot).toBeGreaterThanOrEqual(0)
      }
    }
  })

  it('embeds a given mesh instead of the mannequin', async () => {
    const clip = randomClip(2, 1)
    const tall = createMannequinMesh(createHumanoidSkeleton({ height: 2 }))
    const small = createMannequinMesh(clip.skeleton)
    const withMesh = await validate(await writeGlb(clip, { mesh: tall }))
    expect(withMesh.issues.numErrors).toBe(0)
    expect(withMesh.info?.totalVertexCount).toBe(tall.positions.length / 3)
    expect(tall.positions.length).toBe(small.positions.length)
    expect(fk(clip, 0).positions).toHaveLength(clip.skeleton.joints.length)
  })

  it('builds the requested stock character when no mesh is given', async () => {
    const clip = randomClip(2)
    const glb = await writeGlb(clip, { character: 'athlete' })
    expect((await validate(glb)).issues.numErrors).toBe(0)
    const doc = await new WebIO().readBinary(glb)
    expect(doc.getRoot().listMaterials()[0]!.getBaseColorFactor()).toEqual(createMannequinMesh(clip.skeleton, { character: 'athlete' }).baseColor)
    expect(doc.getRoot().listAccessors().some(a => a.getCount() === createMannequinMesh(clip.skeleton).positions.length / 3)).toBe(true)
  })

  it('rejects a mesh that references joints the skeleton lacks', async () => {
    const clip = randomClip(2)
    const mesh = createMannequinMesh(clip.skeleton)
    const bad = { ...mesh, joints: mesh.joints.map(() => 99) }
    await expect(writeGlb(clip, { mesh: bad })).rejects.toThrow(/joint 99/)
  })
})
