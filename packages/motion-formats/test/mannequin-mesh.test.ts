import { createHumanoidSkeleton, fk, jointIndex } from '@openmotion/motion-engine'
import type { Skeleton, Vec3 } from '@openmotion/motion-engine'
import { describe, expect, it } from 'vitest'
import { createMannequinMesh } from '../src/mannequin-mesh.js'
import type { SkinnedMesh } from '../src/mannequin-mesh.js'
import { quatRotate } from '@openmotion/motion-engine'
import { STOCK_CHARACTERS } from '../src/stock-characters.js'
import type { StockCharacterId } from '../src/stock-characters.js'
import { engineClip } from './support/clips.js'

function bounds (mesh: SkinnedMesh): { min: Vec3, max: Vec3 } {
  const min: Vec3 = [Infinity, Infinity, Infinity]
  const max: Vec3 = [-Infinity, -Infinity, -Infinity]
  for (let i = 0; i < mesh.positions.length; i++) {
    min[i % 3] = Math.min(min[i % 3]!, mesh.positions[i]!)
    max[i % 3] = Math.max(max[i % 3]!, mesh.positions[i]!)
  }
  return { min, max }
}

/** Signed volume by the divergence theorem: positive only when every closed part winds outward. */
function volume (mesh: SkinnedMesh): number {
  let v = 0
  const p = (i: number): Vec3 => [mesh.positions[i * 3]!, mesh.positions[i * 3 + 1]!, mesh.positions[i * 3 + 2]!]
  for (let t = 0; t < mesh.indices.length; t += 3) {
    const [a, b, c] = [p(mesh.indices[t]!), p(mesh.indices[t + 1]!), p(mesh.indices[t + 2]!)]
    v += (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) + a[2] * (b[0] * c[1] - b[1] * c[0])) / 6
  }
  return v
}

function restWorld (skeleton: Skeleton): Vec3[] {
  const out: Vec3[] = []
  for (const j of skeleton.joints) {
    const p = j.parent < 0 ? [0, 0, 0] : out[j.parent]!
    out.push([p[0]! + j.offset[0], p[1]! + j.offset[1], p[2]! + j.offset[2]])
  }
  return out
}

describe('createMannequinMesh', () => {
  const skeleton = createHumanoidSkeleton()
  const mesh = createMannequinMesh(skeleton)

  it('stands on the floor, reaches the head top and spans the arms of the skeleton', () => {
    const { min, max } = bounds(mesh)
    expect(min[1]).toBeGreaterThan(-0.02)
    expect(min[1]).toBeLessThan(0.03)
    expect(max[1]).toBeGreaterThan(1.7)
    expect(max[1]).toBeLessThan(1.8)
    expect(max[0] - min[0]).toBeGreaterThan(1.6)
  })

  it('is a closed outward-facing body with an adult volume', () => {
    // An adult of ~70 kg displaces about 0.07 m³; a tube body is leaner but in that range.
    expect(volume(mesh)).toBeGreaterThan(0.03)
    expect(volume(mesh)).toBeLessThan(0.1)
  })

  it('has unit normals, weights summing to one and indices inside the vertex range', () => {
    const vertices = mesh.positions.length / 3
    for (let v = 0; v < vertices; v++) {
      expect(Math.hypot(mesh.normals[v * 3]!, mesh.normals[v * 3 + 1]!, mesh.normals[v * 3 + 2]!)).toBeCloseTo(1, 5)
      expect(mesh.weights.subarray(v * 4, v * 4 + 4).reduce((s, w) => s + w, 0)).toBeCloseTo(1, 5)
    }
    expect(Math.max(...mesh.indices)).toBeLessThan(vertices)
    expect(mesh.indices.length % 3).toBe(0)
  })

  it('blends weights across the elbow so the forearm skin bends smoothly', () => {
    const arm = jointIndex(skeleton, 'LeftArm')
    const fore = jointIndex(skeleton, 'LeftForeArm')
    let shared = 0
    for (let v = 0; v < mesh.weights.length / 4; v++) {
      const js = Array.from(mesh.joints.subarray(v * 4, v * 4 + 4))
      const ws = Array.from(mesh.weights.subarray(v * 4, v * 4 + 4))
      if (js.includes(arm) && js.includes(fore) && ws.every(w => w < 1)) shared++
    }
    expect(shared).toBeGreaterThanOrEqual(8)
  })

  it('follows the skeleton when skinned to an animated pose', async () => {
    const clip = await engineClip('a person waves with the left hand')
    const rest = restWorld(skeleton)
    const hand = jointIndex(skeleton, 'LeftHand')
    const pose = fk(clip, Math.floor(clip.frameCount / 2))
    expect(Math.hypot(...pose.positions[hand]!.map((x, i) => x - rest[hand]![i]!) as Vec3)).toBeGreaterThan(0.3)
    let checked = 0
    for (let v = 0; v < mesh.weights.length / 4; v++) {
      const ws = Array.from(mesh.weights.subarray(v * 4, v * 4 + 4))
      const dominant = mesh.joints[v * 4 + ws.indexOf(Math.max(...ws))]
      if (dominant !== hand) continue
      // Linear blend skinning with the clip's pose: rest rotations are identity, so each influence is a rigid move.
      const skinned: Vec3 = [0, 0, 0]
      for (let s = 0; s < 4; s++) {
        const j = mesh.joints[v * 4 + s]!
        const local: Vec3 = [0, 1, 2].map(i => mesh.positions[v * 3 + i]! - rest[j]![i]!) as Vec3
        const moved = quatRotate(pose.rotations[j]!, local)
        for (let i = 0; i < 3; i++) skinned[i] = skinned[i]! + ws[s]! * (moved[i]! + pose.positions[j]![i]!)
      }
      const restDistance = Math.hypot(...[0, 1, 2].map(i => mesh.positions[v * 3 + i]! - rest[hand]![i]!))
      const posedDistance = Math.hypot(...[0, 1, 2].map(i => skinned[i]! - pose.positions[hand]![i]!))
      expect(Math.abs(posedDistance - restDistance)).toBeLessThan(0.03)
      checked++
    }
    expect(checked).toBeGreaterThan(8)
  })

  it('scales with the skeleton height', () => {
    const child = createMannequinMesh(createHumanoidSkeleton({ height: 1.2 }))
    const { max } = bounds(child)
    expect(max[1]).toBeGreaterThan(1.15)
    expect(max[1]).toBeLessThan(1.25)
    expect(volume(child) / volume(mesh)).toBeCloseTo((1.2 / 1.75) ** 3, 2)
  })

  it('gives a skeleton without humanoid names one tube per bone', () => {
    const chain: Skeleton = {
      joints: [
        { name: 'a', parent: -1, offset: [0, 1, 0] },
        { name: 'b', parent: 0, offset: [0, 0.5, 0] },
        { name: 'c', parent: 1, offset: [0.5, 0, 0] }
      ]
    }
    const m = createMannequinMesh(chain)
    expect(new Set(m.joints)).toEqual(new Set([0, 1]))
    expect(volume(m)).toBeGreaterThan(0)
  })
})

describe('stock characters', () => {
  const skeleton = createHumanoidSkeleton()

  it('offers three characters that differ in build and colour', () => {
    expect(STOCK_CHARACTERS.map(c => c.id)).toEqual(['mannequin', 'athlete', 'slender'])
    const [plain, athlete, slender] = STOCK_CHARACTERS.map(c => createMannequinMesh(skeleton, { character: c.id }))
    expect(volume(athlete!)).toBeGreaterThan(volume(plain!) * 1.2)
    expect(volume(slender!)).toBeLessThan(volume(plain!) * 0.8)
    expect(new Set([plain, athlete, slender].map(m => m!.baseColor.join()))).toHaveProperty('size', 3)
    expect(plain).toEqual(createMannequinMesh(skeleton))
  })

  it('rejects an unknown character id', () => {
    expect(() => createMannequinMesh(skeleton, { character: 'robot' as StockCharacterId })).toThrow(/unknown stock character "robot"/)
  })
})
