// What the export repairs so the Khronos validator accepts it: a character whose skin has vertices with no
// weight, joints out of range, duplicate joints, weights summing to 2, normals that are not unit length (one NaN),
// a non-unit node rotation, three morph weights for one target and a texture reading a UV set the mesh lacks is
// exported with 0 validator errors and the repaired values.
import { WebIO } from '@gltf-transform/core'
import { createEngine, type MotionClip } from '@openmotion/motion-engine'
import { validateBytes } from 'gltf-validator'
import { beforeAll, describe, expect, it } from 'vitest'
import { animateCharacter } from '../src/index.js'
import { buildCharacter, glb, NAMING, TEXTURE_PNG } from '../src/testing/index.js'

let clip: MotionClip
beforeAll(async () => {
  clip = await createEngine({ kind: 'builtin' }).generate({ prompt: 'wave', seed: 1, fps: 30, durationSeconds: 1 }, { signal: AbortSignal.timeout(60_000) })
})

describe('export repairs', () => {
  it('normalises weights, drops out-of-range and merges duplicate joints, gives weightless vertices a joint, unit normals and rotations', async () => {
    const doc = buildCharacter({ rename: NAMING.mixamo })
    const primitive = doc.getRoot().listMeshes()[0]!.listPrimitives()[0]!
    const joints = primitive.getAttribute('JOINTS_0')!.getArray() as Uint16Array
    const weights = primitive.getAttribute('WEIGHTS_0')!.getArray() as Float32Array
    const normals = primitive.getAttribute('NORMAL')!.getArray() as Float32Array
    joints.set([3, 0, 0, 0], 0); weights.set([0, 0, 0, 0], 0) // no weight at all
    joints.set([5, 999, 5, 0], 4); weights.set([0.5, 0.5, 0.5, 0], 4) // out of range, and joint 5 twice
    for (let v = 2; v < weights.length / 4; v++) for (let s = 0; s < 4; s++) weights[v * 4 + s]! *= 2
    for (let i = 0; i < normals.length; i++) normals[i]! *= 3
    doc.getRoot().listNodes().find((n) => n.getName() === 'mixamorig:Neck')!.setRotation([0, 0, 0, 2])
    normals[30] = Number.NaN
    const target = doc.createPrimitiveTarget('jawOpen').setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(new Float32Array(normals.length))
      .setBuffer(doc.getRoot().listBuffers()[0]!))
    primitive.addTarget(target)
    doc.getRoot().listMeshes()[0]!.setWeights([0, 0.5, 1]) // three weights for one target
    const texture = doc.createTexture('skin').setImage(TEXTURE_PNG).setMimeType('image/png')
    primitive.getMaterial()!.setBaseColorTexture(texture).getBaseColorTextureInfo()!.setTexCoord(1) // no TEXCOORD_1 (nor _0)
    primitive.setAttribute(
      'TEXCOORD_0',
      doc
        .createAccessor()
        .setType('VEC2')
        .setArray(new Float32Array((normals.length / 3) * 2))
        .setBuffer(doc.getRoot().listBuffers()[0]!)
    )

    const [out] = await animateCharacter(await glb(doc), 'glb', clip, { name: 'repaired', skipFBX: true })
    const report = await validateBytes(out!.bytes, { maxIssues: 20, writeTimestamp: false })
    expect(report.issues.numErrors, JSON.stringify(report.issues.messages)).toBe(0)

    const read = (await new WebIO().readBinary(out!.bytes)).getRoot().listMeshes()[0]!.listPrimitives()[0]!
    const j = read.getAttribute('JOINTS_0')!; const w = read.getAttribute('WEIGHTS_0')!
    expect([j.getElement(0, []), w.getElement(0, [])]).toEqual([[3, 0, 0, 0], [1, 0, 0, 0]])
    expect([j.getElement(1, []), w.getElement(1, [])]).toEqual([[5, 0, 0, 0], [1, 0, 0, 0]])
    const n = read.getAttribute('NORMAL')!.getElement(7, [])
    expect(Math.hypot(...n)).toBeCloseTo(1, 5)
    expect(read.getMaterial()!.getBaseColorTextureInfo()!.getTexCoord()).toBe(0)
  })
})
