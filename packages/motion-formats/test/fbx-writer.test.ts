import type { MotionClip, Quat } from '@openmotion/motion-engine'
import { describe, expect, it } from 'vitest'
import { readFbxNodes } from '../src/fbx/fbx-binary-reader.js'
import { writeFbx } from '../src/fbx-writer.js'
import { createMannequinMesh } from '../src/mannequin-mesh.js'
import { quatFromEulerOrder } from '../src/math/rotation.js'
import { engineClip, randomClip } from './support/clips.js'
import { connections, find, idOf, nameOf, objectsOf, p70, valueOf } from './support/fbx-query.js'

function curvesOf (top: ReturnType<typeof readFbxNodes>['nodes'], boneName: string, property: 'Lcl Rotation' | 'Lcl Translation'): Float32Array[] {
  const links = connections(top)
  const model = objectsOf(top, 'Model', 'LimbNode').find(m => nameOf(m) === boneName)!
  const curveNode = links.find(c => c.kind === 'OP' && c.parent === idOf(model) && c.property === property)!.child
  const curves = objectsOf(top, 'AnimationCurve')
  return ['d|X', 'd|Y', 'd|Z'].map(axis => {
    const id = links.find(c => c.parent === curveNode && c.property === axis)!.child
    return valueOf(curves.find(c => idOf(c) === id)!, 'KeyValueFloat') as Float32Array
  })
}

describe('writeFbx', () => {
  it('writes a binary FBX 7400 header and the SDK footer', () => {
    const bytes = writeFbx(randomClip(3))
    const buf = Buffer.from(bytes)
    expect(buf.toString('latin1', 0, 23)).toBe('Kaydara FBX Binary  \x00\x1a\x00')
    expect(buf.readUInt32LE(23)).toBe(7400)
    expect(buf.readUInt32LE(buf.length - 16 - 120 - 4)).toBe(7400)
    expect(buf.subarray(buf.length - 16).toString('hex')).toBe('f85a8c6adef5d97eece90ce3758f290b')
    expect(readFbxNodes(bytes).version).toBe(7400)
  })

  it('declares Y up, +Z front and centimetres in GlobalSettings, with the clip frame rate', () => {
    const { nodes } = readFbxNodes(writeFbx({ ...randomClip(3), fps: 24 }))
    const settings = find(nodes, 'GlobalSettings')
    expect(p70(settings, 'UpAxis')).toEqual([1])
    expect(p70(settings, 'FrontAxis')).toEqual([2])
    expect(p70(settings, 'UnitScaleFactor')).toEqual([1])
    expect(p70(settings, 'TimeMode')).toEqual([11])
    expect(p70(settings, 'CustomFrameRate')).toEqual([24])
  })

  it('names one LimbNode per joint, parented as in the skeleton, with rest offsets in centimetres', () => {
    const clip = randomClip(2)
    const { nodes } = readFbxNodes(writeFbx(clip, { bonePrefix: 'mixamorig:' }))
    const bones = objectsOf(nodes, 'Model', 'LimbNode')
    expect(bones.map(nameOf)).toEqual(clip.skeleton.joints.map(j => `mixamorig:${j.name}`))
    const links = connections(nodes)
    clip.skeleton.joints.forEach((j, i) => {
      const parentId = links.find(c => c.kind === 'OO' && c.child === idOf(bones[i]!) && bones.some(b => idOf(b) === c.parent))?.parent
      expect(parentId).toBe(j.parent < 0 ? undefined : idOf(bones[j.parent]!))
      const t = p70(bones[i]!, 'Lcl Translation') as number[]
      t.forEach((v, k) => expect(v).toBeCloseTo(j.offset[k]! * 100, 4))
    })
  })

  it('keys every frame at FBX ticks with Euler XYZ degrees that rebuild the clip rotations', () => {
    const clip = randomClip(10)
    const { nodes } = readFbxNodes(writeFbx(clip))
    const n = clip.skeleton.joints.length
    const curves = objectsOf(nodes, 'AnimationCurve')
    expect(curves).toHaveLength(3 * (n + 1))
    for (const c of curves) {
      expect(Array.from(valueOf(c, 'KeyTime') as BigInt64Array)).toEqual(Array.from({ length: 10 }, (_, f) => BigInt(f) * 1539538600n))
    }
    clip.skeleton.joints.forEach((joint, j) => {
      const [x, y, z] = curvesOf(nodes, joint.name, 'Lcl Rotation')
      for (let f = 0; f < clip.frameCount; f++) {
        // eEulerXYZ: R = Rz · Ry · Rx, so rebuilding applies Z outermost.
        const q: Quat = quatFromEulerOrder('ZYX', { X: x![f]!, Y: y![f]!, Z: z![f]! })
        const o = (f * n + j) * 4
        const dot = q.reduce((s, v, k) => s + v * clip.rotations[o + k]!, 0)
        expect(Math.abs(dot)).toBeGreaterThan(1 - 1e-5)
      }
    })
    const [tx, ty, tz] = curvesOf(nodes, 'Hips', 'Lcl Translation')
    for (let f = 0; f < clip.frameCount; f++) {
      expect(tx![f]).toBeCloseTo(clip.rootTranslation[f * 3]! * 100, 3)
      expect(ty![f]).toBeCloseTo(clip.rootTranslation[f * 3 + 1]! * 100, 3)
      expect(tz![f]).toBeCloseTo(clip.rootTranslation[f * 3 + 2]! * 100, 3)
    }
  })

  it('skins the mesh with one cluster per bone whose weights add up to one per vertex', async () => {
    const clip = await engineClip()
    const mesh = createMannequinMesh(clip.skeleton)
    const { nodes } = readFbxNodes(writeFbx(clip, { name: 'Hero' }))
    const clusters = objectsOf(nodes, 'Deformer', 'Cluster')
    expect(clusters).toHaveLength(clip.skeleton.joints.length)
    const vertexCount = mesh.positions.length / 3
    const sums = new Float64Array(vertexCount)
    for (const c of clusters) {
      if (c.children.every(x => x.name !== 'Indexes')) continue
      const idx = valueOf(c, 'Indexes') as Int32Array
      const w = valueOf(c, 'Weights') as Float64Array
      idx.forEach((v, i) => { sums[v] = sums[v]! + w[i]! })
    }
    for (const s of sums) expect(s).toBeCloseTo(1, 5)
    const geometry = objectsOf(nodes, 'Geometry', 'Mesh')[0]!
    expect((valueOf(geometry, 'Vertices') as Float64Array).length).toBe(vertexCount * 3)
    expect(objectsOf(nodes, 'Model', 'Mesh').map(nameOf)).toEqual(['Hero'])
    expect(objectsOf(nodes, 'AnimationStack').map(nameOf)).toEqual(['Hero'])
    const pose = objectsOf(nodes, 'Pose', 'BindPose')[0]!
    expect(valueOf(pose, 'NbPoseNodes')).toBe(clip.skeleton.joints.length + 1)
  })

  it('adds a static Root bone above the hips with rootAtOrigin', () => {
    const { nodes } = readFbxNodes(writeFbx(randomClip(2), { rootAtOrigin: true }))
    const bones = objectsOf(nodes, 'Model', 'LimbNode')
    expect(nameOf(bones[0]!)).toBe('Root')
    expect(p70(bones[0]!, 'Lcl Translation')).toEqual([0, 0, 0])
    expect(objectsOf(nodes, 'AnimationCurveNode').length).toBe(bones.length)
  })

  it('is byte-identical for identical input', () => {
    const clip: MotionClip = randomClip(4)
    expect(Buffer.from(writeFbx(clip)).equals(Buffer.from(writeFbx(clip)))).toBe(true)
  })
})

describe('readFbxNodes', () => {
  it('rejects a truncated file instead of reading past its end', () => {
    const bytes = writeFbx(randomClip(3))
    expect(() => readFbxNodes(bytes.subarray(0, Math.floor(bytes.length / 2)))).toThrow(RangeError)
  })

  it('rejects bytes that are not binary FBX', () => {
    expect(() => readFbxNodes(new TextEncoder().encode('; FBX 7.4.0 project file'))).toThrow(/not a binary FBX/)
  })
})
