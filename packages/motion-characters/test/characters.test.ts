// The corpus through analysis, retargeting and export: each naming scheme, unit, rest pose and container is
// recognised, and the exported GLB moves their hands and feet where the source clip moves ours (scaled by leg
// length). Broken files fail with their codes.
import { WebIO } from '@gltf-transform/core'
import { KHRONOS_EXTENSIONS, type Transform } from '@gltf-transform/extensions'
import { validateBytes } from 'gltf-validator'
import { beforeAll, describe, expect, it } from 'vitest'
import { createEngine, fk, type MotionClip, type Vec3 } from '@openmotion/motion-engine'
import {
  animateCharacter,
  ARKIT_BLENDSHAPES,
  CHARACTER_ERROR,
  checkFaceSupport,
  countFaceBlendshapes,
  inspectCharacter,
  toGlb,
  type CharacterFormat
} from '../src/index.js'
import { buildCharacter, glb, gltfWithDataUris, NAMING, patchGlbJson, TEXTURE_PNG, VRM_HUMANOID, type Variant } from '../src/testing/corpus.js'
import { glbPoses } from './support/glb-pose.js'
import { asciiFbx, binaryFbx, renamedBinaryFbx, toAsciiFbx } from '../src/testing/fbx-corpus.js'
import { mayaStyleFbx } from '../src/testing/fbx-authoring.js'
import { characterMesh, detectRig, loadCharacter, skeletonBones } from '../src/index.js'
import { worldTransforms } from '../src/transforms.js'
import { dracoGlb, meshoptGlb, quantizedGlb } from '../src/testing/compressed.js'

let clip: MotionClip
beforeAll(async () => {
  clip = await createEngine({ kind: 'builtin' }).generate(
    { prompt: 'walk forward then wave with the right hand', seed: 5, fps: 30, durationSeconds: 2 },
    { signal: AbortSignal.timeout(60_000) }
  )
})

interface Case { name: string, variant: Variant, format: CharacterFormat, rigId: string, file: (variant: Variant) => Promise<Uint8Array> }

const asGlb = async (v: Variant): Promise<Uint8Array> => await glb(buildCharacter(v))
const asVrm0 = async (v: Variant): Promise<Uint8Array> => patchGlbJson(await asGlb(v), (json) => {
  const nodes = json.nodes as Array<{ name: string }>
  json.extensionsUsed = ['VRM']
  json.extensions = {
    VRM: {
      humanoid: { humanBones: Object.entries(VRM_HUMANOID).map(([joint, bone]) => ({ bone, node: nodes.findIndex((n) => n.name === NAMING.opaque(joint)) })) },
      blendShapeMaster: { blendShapeGroups: [{ name: 'Joy', presetName: 'joy' }, { name: 'A', presetName: 'a' }, { name: 'Blink', presetName: 'blink' }] }
    }
  }
})
const asVrm1 = async (v: Variant): Promise<Uint8Array> => patchGlbJson(await asGlb(v), (json) => {
  const nodes = json.nodes as Array<{ name: string }>
  json.extensionsUsed = ['VRMC_vrm']
  json.extensions = {
    VRMC_vrm: {
      specVersion: '1.0',
      humanoid: {
        humanBones: Object.fromEntries(
          Object.entries(VRM_HUMANOID).map(([joint, bone]) => [bone, { node: nodes.findIndex((n) => n.name === NAMING.opaque(joint)) }])
        )
      },
      expressions: { preset: { happy: {}, aa: {}, blink: {} } }
    }
  }
})

const CASES: Case[] = [
  {
    name: 'Mixamo names with prefix, centimetres under a 0.01 armature (GLB)',
    variant: { rename: NAMING.mixamo, unitsPerMetre: 100 },
    format: 'glb',
    rigId: 'mixamo',
    file: asGlb
  },
  {
    name: 'Unreal names in an A-pose, glTF with data-URI buffers',
    variant: { rename: NAMING.unreal, aPose: true },
    format: 'gltf',
    rigId: 'unreal',
    file: async (v) => await gltfWithDataUris(buildCharacter(v))
  },
  {
    name: 'Rigify names, 1.55 m tall, facing −Z (GLB)',
    variant: { rename: NAMING.rigify, height: 1.55, facingBack: true },
    format: 'glb',
    rigId: 'rigify',
    file: asGlb
  },
  {
    name: 'Blender metarig names (numbered spine), A-pose (GLB)',
    variant: { rename: NAMING.blender, aPose: true },
    format: 'glb',
    rigId: 'rigify',
    file: asGlb
  },
  { name: 'Daz Genesis names, 1.9 m tall (GLB)', variant: { rename: NAMING.daz, height: 1.9 }, format: 'glb', rigId: 'daz', file: asGlb },
  { name: 'VRM 0.x humanoid extension with unreadable bone names', variant: { rename: NAMING.opaque }, format: 'vrm', rigId: 'vrm', file: asVrm0 },
  { name: 'VRM 1.0 humanoid extension, A-pose', variant: { rename: NAMING.opaque, aPose: true }, format: 'vrm', rigId: 'vrm', file: asVrm1 },
  {
    name: 'binary FBX from our writer, Mixamo names, centimetres',
    variant: { rename: NAMING.mixamo },
    format: 'fbx',
    rigId: 'mixamo',
    file: async () => binaryFbx()
  },
  {
    name: 'binary FBX with Rigify names, 1.55 m tall',
    variant: { rename: NAMING.rigify, height: 1.55 },
    format: 'fbx',
    rigId: 'rigify',
    file: async (v) => renamedBinaryFbx(v.rename, v.height)
  },
  {
    name: 'FBX as Maya writes it: pivots and offsets, pre/post-rotations, all six rotation orders, a geometric transform, embedded texture, blendshapes',
    variant: { rename: NAMING.mixamo },
    format: 'fbx',
    rigId: 'mixamo',
    file: async () => mayaStyleFbx({ texture: 'embedded', blendshapes: true })
  },
  {
    name: 'the same as ASCII FBX (embedded texture as base64)',
    variant: { rename: NAMING.mixamo },
    format: 'fbx',
    rigId: 'mixamo',
    file: async () => toAsciiFbx(mayaStyleFbx({ texture: 'embedded', blendshapes: true }))
  },
  { name: 'ASCII FBX with Unreal names', variant: { rename: NAMING.unreal }, format: 'fbx', rigId: 'unreal', file: async (v) => asciiFbx(v.rename) },
  {
    name: 'RobotExpressive-style names: glued L/R suffixes (UpperArmL, LowerLegR, FootL), the hand a numbered palm (Palm2L)',
    variant: { rename: NAMING.robot },
    format: 'glb',
    rigId: 'generic',
    file: asGlb
  },
  {
    name: 'the same words on both sides (UpperArm, UpperArm.001): sides from where the bones rest, facing −Z',
    variant: { rename: NAMING.sideless, facingBack: true },
    format: 'glb',
    rigId: 'generic',
    file: asGlb
  },
  {
    name: 'Draco-compressed meshes (KHR_draco_mesh_compression), Mixamo names',
    variant: { rename: NAMING.mixamo },
    format: 'glb',
    rigId: 'mixamo',
    file: async (v) => await dracoGlb(buildCharacter(v))
  },
  {
    name: 'meshopt-compressed and quantized (EXT_meshopt_compression + KHR_mesh_quantization), Unreal names, textured',
    variant: { rename: NAMING.unreal, texture: true },
    format: 'glb',
    rigId: 'unreal',
    file: async (v) => await meshoptGlb(buildCharacter(v))
  },
  {
    name: 'quantized attributes (KHR_mesh_quantization), Rigify names, centimetres',
    variant: { rename: NAMING.rigify, unitsPerMetre: 100 },
    format: 'glb',
    rigId: 'rigify',
    file: async (v) => await quantizedGlb(buildCharacter(v))
  },
  {
    name: 'skin weights not summing to 1, unsorted, five influences in two sets; textured with KHR_texture_transform',
    variant: { rename: NAMING.mixamo, unnormalisedWeights: true, texture: true },
    format: 'glb',
    rigId: 'mixamo',
    file: asGlb
  },
  { name: 'no recognisable names: mapped by the shape of the hierarchy', variant: { rename: NAMING.opaque }, format: 'glb', rigId: 'topology', file: asGlb },
  {
    name: 'no recognisable names, facing −Z in an A-pose, centimetres: sides found from where the toes point',
    variant: { rename: NAMING.opaque, facingBack: true, aPose: true, unitsPerMetre: 100 },
    format: 'glb',
    rigId: 'topology',
    file: asGlb
  }
]

/** Source joint positions of a frame, moved and scaled onto a character whose hips rest at `hips`. */
function expected (frame: number, joint: string, scale: number, hipsRest: Vec3): Vec3 {
  const pose = fk(clip, frame)
  const rest = fk(
    {
      ...clip,
      rotations: clip.rotations.map((_, i) => (i % 4 === 3 ? 1 : 0)),
      rootTranslation: clip.rootTranslation.map((_, i) => clip.skeleton.joints[0]!.offset[i % 3]!)
    },
    0
  )
  const i = clip.skeleton.joints.findIndex((j) => j.name === joint)
  return [0, 1, 2].map((c) => hipsRest[c]! + (pose.positions[i]![c]! - rest.positions[0]![c]!) * scale) as Vec3
}

describe.each(CASES)('$name', ({ variant, format, rigId, file }) => {
  it('is recognised as a humanoid and animated so hands and feet follow the source clip', async () => {
    const bytes = await file(variant)
    const info = await inspectCharacter(bytes, format)
    expect(info.rigId).toBe(rigId)
    expect(info.handDataType).toBe(rigId === 'vrm' || rigId === 'topology' ? 0 : 1) // the corpus has middle-finger bones only
    const files = await animateCharacter(bytes, format, clip, { name: 'hero' })
    expect(files.map((f) => f.type)).toEqual(['glb', 'bvh', 'fbx'])
    const out = files[0]!.bytes
    const report = await validateBytes(out, { maxIssues: 20, writeTimestamp: false })
    expect(report.issues.numErrors).toBe(0)

    const poses = await glbPoses(out)
    const names = { hand: variant.rename('RightHand'), foot: variant.rename('LeftFoot'), hips: variant.rename('Hips') }
    const scale = (variant.height ?? 1.75) / 1.75
    for (const frame of [0, 20, 45, clip.frameCount - 1]) {
      const pose = poses(frame)
      const tolerance = 0.03 * scale // 3 cm on a 1.75 m body
      for (const [joint, name] of [['RightHand', names.hand], ['LeftFoot', names.foot], ['Hips', names.hips]] as const) {
        // Their hips rest at our rest height scaled by their size; the corpus is our proportions at another height.
        const want = expected(frame, joint, scale, [0, clip.skeleton.joints[0]!.offset[1] * scale, 0])
        const got = pose.get(name)!
        expect(Math.hypot(got[0] - want[0], got[1] - want[1], got[2] - want[2]), `${joint} at frame ${frame}`).toBeLessThan(tolerance)
      }
    }
  })
})

describe('character files that cannot be animated', () => {
  it('reports which bone plays each of our joints and which joints have none', async () => {
    const info = await inspectCharacter(await asGlb({ rename: NAMING.unreal }), 'glb')
    expect(info.boneMap).toMatchObject({ Hips: 'pelvis', LeftUpLeg: 'thigh_l', RightForeArm: 'lowerarm_r', Spine2: 'spine_03', LeftHandMiddle1: 'middle_01_l' })
    expect(info.missingJoints).toEqual(['LeftHandMiddle4', 'RightHandMiddle4'])
    expect(info.format).toBe('glb')
    expect(info.stats.bones).toBe(29)
  })

  it('refuses facial animation (906) when more than half of both the ARKit and the VRM sets are missing', async () => {
    const few = await inspectCharacter(await glb(buildCharacter({ rename: NAMING.mixamo, blendshapes: ARKIT_BLENDSHAPES.slice(0, 20) })), 'glb')
    expect(() => { checkFaceSupport(few) }).toThrow(expect.objectContaining({ code: CHARACTER_ERROR.face }))
    const enough = await inspectCharacter(await glb(buildCharacter({ rename: NAMING.mixamo, blendshapes: ARKIT_BLENDSHAPES.slice(0, 26) })), 'glb')
    expect(() => { checkFaceSupport(enough) }).not.toThrow()
    const vrm = { faceBlendshapes: countFaceBlendshapes(['joy', 'angry', 'sorrow', 'fun', 'surprised', 'a', 'i', 'u', 'e', 'o']) }
    expect(vrm.faceBlendshapes.vrm).toBe(10)
    expect(() => { checkFaceSupport(vrm) }).not.toThrow()
  })

  it('reports blendshapes as faceDataType', async () => {
    const bytes = await glb(buildCharacter({ rename: NAMING.mixamo, blendshapes: ['eyeBlinkLeft', 'eyeBlinkRight', 'jawOpen', 'notAFaceShape'] }))
    expect((await inspectCharacter(bytes, 'glb')).faceDataType).toBe(3)
    expect((await inspectCharacter(await asVrm0({ rename: NAMING.opaque }), 'vrm')).faceDataType).toBe(3)
  })

  it('fails with 905 for a mesh without a skin', async () => {
    await expect(inspectCharacter(await glb(buildCharacter({ rename: NAMING.mixamo, skinned: false })), 'glb')).rejects.toMatchObject({
      code: CHARACTER_ERROR.noSkin
    })
  })

  it('fails with 901 for a truncated file and for bytes that are not glTF', async () => {
    const whole = await asGlb({ rename: NAMING.mixamo })
    await expect(inspectCharacter(whole.subarray(0, Math.floor(whole.length * 0.6)), 'glb')).rejects.toMatchObject({ code: CHARACTER_ERROR.meshLoad })
    await expect(inspectCharacter(Buffer.from('{"not": "gltf"'), 'gltf')).rejects.toMatchObject({ code: CHARACTER_ERROR.meshLoad })
  })

  it('fails with 901 for a truncated binary FBX and a text that is not FBX', async () => {
    const whole = binaryFbx()
    await expect(inspectCharacter(whole.subarray(0, Math.floor(whole.length / 2)), 'fbx')).rejects.toMatchObject({ code: CHARACTER_ERROR.meshLoad })
    await expect(inspectCharacter(Buffer.from('Objects: {\n  Model: 1, "Model::x", "Mesh" {\n'), 'fbx')).rejects.toMatchObject({
      code: CHARACTER_ERROR.meshLoad
    })
  })

  it('packs an FBX character into a GLB the validator accepts', async () => {
    const packed = await toGlb(binaryFbx(), 'fbx')
    expect((await validateBytes(packed, { maxIssues: 10, writeTimestamp: false })).issues.numErrors).toBe(0)
    expect((await inspectCharacter(packed, 'glb')).rigId).toBe('mixamo')
  })

  it('fails with 909 for a bone hierarchy with a cycle', async () => {
    const cyclic = patchGlbJson(await asGlb({ rename: NAMING.mixamo }), (json) => {
      const nodes = json.nodes as Array<{ name: string, children?: number[] }>
      const hips = nodes.findIndex((n) => n.name === 'mixamorig:Hips')
      const head = nodes.findIndex((n) => n.name === 'mixamorig:Head')
      nodes[head]!.children = [...(nodes[head]!.children ?? []), hips]
    })
    await expect(inspectCharacter(cyclic, 'glb')).rejects.toMatchObject({ code: CHARACTER_ERROR.metadata })
  })

  it('fails with 909 for a skin naming a joint node that does not exist, and a VRM bone on a missing node', async () => {
    const broken = patchGlbJson(await asGlb({ rename: NAMING.mixamo }), (json) => {
      const skins = json.skins as Array<{ joints: number[] }>
      skins[0]!.joints[3] = 4000
    })
    await expect(inspectCharacter(broken, 'glb')).rejects.toMatchObject({ code: CHARACTER_ERROR.metadata, message: expect.stringContaining('4000') })
    const vrm = patchGlbJson(await asVrm1({ rename: NAMING.opaque }), (json) => {
      const humanoid = (json.extensions as { VRMC_vrm: { humanoid: { humanBones: Record<string, { node: number }> } } }).VRMC_vrm.humanoid
      humanoid.humanBones.leftHand = { node: 999 }
    })
    await expect(inspectCharacter(vrm, 'vrm')).rejects.toMatchObject({ code: CHARACTER_ERROR.metadata })
  })

  it('fails with 902 naming the missing bones for a skinned mesh that is not a humanoid', async () => {
    const snake = patchGlbJson(await asGlb({ rename: NAMING.opaque }), (json) => {
      // Cut the arms and legs off the hierarchy: what is left is a spine.
      const nodes = json.nodes as Array<{ name: string, children?: number[] }>
      for (const node of nodes) { node.children = (node.children ?? []).filter((c) => !/^bone_(7|8|9|10|11|12|13)_/.test(nodes[c]!.name) || nodes[c]!.name === NAMING.opaque('Spine')) }
    })
    await expect(inspectCharacter(snake, 'glb')).rejects.toMatchObject({ code: CHARACTER_ERROR.rig, message: expect.stringContaining('LeftUpLeg') })
  })

  it('exports weights normalised (sum 1, sorted, four a set, zero-padded) and keeps their texture, its transform and material', async () => {
    const bytes = await glb(buildCharacter({ rename: NAMING.mixamo, unnormalisedWeights: true, texture: true }))
    const [out] = await animateCharacter(bytes, 'glb', clip, { name: 'hero', skipFBX: true })
    const doc = await new WebIO().registerExtensions(KHRONOS_EXTENSIONS).readBinary(out!.bytes)
    const primitive = doc.getRoot().listMeshes()[0]!.listPrimitives()[0]!
    const [w0, w1] = [primitive.getAttribute('WEIGHTS_0')!.getArray()!, primitive.getAttribute('WEIGHTS_1')!.getArray()!]
    for (let v = 0; v < w0.length / 4; v++) {
      const w = [...w0.slice(v * 4, v * 4 + 4), ...w1.slice(v * 4, v * 4 + 4)]
      expect(Math.abs(w.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-6)
      for (let s = 1; s < 8; s++) expect(w[s - 1]! - w[s]!).toBeGreaterThan(-1e-6) // equal weights may differ by the rounding the first one takes
    }
    const material = primitive.getMaterial()!
    expect(material.getName()).toBe('Skin')
    expect(Buffer.from(material.getBaseColorTexture()!.getImage()!)).toEqual(TEXTURE_PNG)
    const transform = material.getBaseColorTextureInfo()!.getExtension<Transform>('KHR_texture_transform')!
    expect([transform.getScale(), transform.getOffset()]).toEqual([[2, 2], [0.25, 0]])
  })

  it('reads an FBX with pivots, pre/post-rotations, every rotation order and a geometric transform into the same rest pose', async () => {
    const rest = async (bytes: Uint8Array): Promise<Map<string, number[]>> => {
      const character = await loadCharacter(bytes, 'fbx')
      const world = worldTransforms(character.nodes)
      return new Map(character.nodes.map((n, i) => [n.name, [...world[i]!.t, ...world[i]!.r.map((q) => q * Math.sign(world[i]!.r[3] || 1))]]))
    }
    const plain = await rest(binaryFbx())
    const authored = await rest(mayaStyleFbx())
    for (const [name, pose] of plain) {
      pose.forEach((x, c) => { expect(Math.abs(authored.get(name)![c]! - x), `${name}[${c}]`).toBeLessThan(1e-4) })
    }
    // The mesh rests where the plain file's does: the geometric transform is applied to its vertices.
    const top = async (bytes: Uint8Array): Promise<number[]> => {
      const character = await loadCharacter(bytes, 'fbx')
      const mesh = characterMesh(character, skeletonBones(character, detectRig(character).joints.get('Hips')!))
      return [0, 1, 2].map((c) => Math.max(...mesh.positions.filter((_, i) => i % 3 === c)))
    }
    const [a, b] = [await top(binaryFbx()), await top(mayaStyleFbx())]
    a.forEach((x, c) => { expect(Math.abs(b[c]! - x)).toBeLessThan(1e-4) })
  })

  it('keeps an FBX embedded diffuse texture and its blendshapes (faceDataType), and names a texture that is only referenced', async () => {
    const embedded = mayaStyleFbx({ texture: 'embedded', blendshapes: true })
    const info = await inspectCharacter(embedded, 'fbx')
    expect(info.faceDataType).toBe(2)
    expect(info.missingTextures).toEqual([])
    const packed = await toGlb(embedded, 'fbx')
    expect((await validateBytes(packed, { maxIssues: 10, writeTimestamp: false })).issues.numErrors).toBe(0)
    const doc = await new WebIO().readBinary(packed)
    const primitive = doc.getRoot().listMeshes()[0]!.listPrimitives()[0]!
    expect(Buffer.from(primitive.getMaterial()!.getBaseColorTexture()!.getImage()!)).toEqual(TEXTURE_PNG)
    expect(primitive.getAttribute('TEXCOORD_0')).not.toBeNull()
    expect(primitive.listTargets().length).toBe(2)
    expect((await inspectCharacter(mayaStyleFbx({ texture: 'referenced' }), 'fbx')).missingTextures).toEqual(['skin.png'])
    const ascii = await new WebIO().readBinary(await toGlb(toAsciiFbx(embedded), 'fbx'))
    expect(Buffer.from(ascii.getRoot().listTextures()[0]!.getImage()!)).toEqual(TEXTURE_PNG)
  })

  it('fills the roles names miss from the hierarchy: hands named like nothing in the dictionaries', async () => {
    const rename = (joint: string): string => (/^(Left|Right)Hand$/.test(joint) ? `Gripper_${joint.startsWith('Left') ? 'A' : 'B'}` : NAMING.robot(joint))
    const info = await inspectCharacter(await glb(buildCharacter({ rename })), 'glb')
    expect(info.boneMap).toMatchObject({ LeftHand: 'Gripper_A', RightHand: 'Gripper_B', LeftArm: 'UpperArmL', RightForeArm: 'LowerArmR', LeftFoot: 'FootL' })
    expect(info.rigId).toBe('generic')
  })

  it('packs glTF with embedded buffers into a GLB', async () => {
    const packed = await toGlb(await gltfWithDataUris(buildCharacter({ rename: NAMING.unreal })), 'gltf')
    expect(Buffer.from(packed.subarray(0, 4)).toString()).toBe('glTF')
    expect((await inspectCharacter(packed, 'glb')).rigId).toBe('unreal')
  })
})
