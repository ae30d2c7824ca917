import { fk } from '@openmotion/motion-engine'
import type { MotionClip, Vec3 } from '@openmotion/motion-engine'
import { describe, expect, it } from 'vitest'
import { writeBvh } from '../src/bvh-writer.js'
import { bvhWorldPositions, parseBvh } from './support/bvh-parser.js'
import { engineClip, randomClip } from './support/clips.js'

// End Sites stand for the skeleton's leaf joints; the reader names them "<parent>/End".
function bvhNameOf (clip: MotionClip, joint: number, prefix = ''): string {
  const j = clip.skeleton.joints[joint]!
  const isLeaf = !clip.skeleton.joints.some(c => c.parent === joint)
  return isLeaf ? `${prefix}${clip.skeleton.joints[j.parent]!.name}/End` : `${prefix}${j.name}`
}

function maxPositionError (clip: MotionClip, text: string, prefix = ''): number {
  const bvh = parseBvh(text)
  let worst = 0
  for (let f = 0; f < clip.frameCount; f++) {
    const world = bvhWorldPositions(bvh, f)
    const expected = fk(clip, f).positions
    expected.forEach((p: Vec3, j: number) => {
      const got = world.get(bvhNameOf(clip, j, prefix))
      if (got === undefined) throw new Error(`joint ${j} missing from BVH`)
      worst = Math.max(worst, Math.hypot(got[0] - p[0], got[1] - p[1], got[2] - p[2]))
    })
  }
  return worst
}

describe('writeBvh', () => {
  it('reproduces every joint world position of random large rotations within 1 mm', () => {
    const clip = randomClip(20)
    expect(maxPositionError(clip, writeBvh(clip))).toBeLessThan(1e-3)
  })

  it('reproduces the joint world positions of an engine clip within 1 mm', async () => {
    const clip = await engineClip()
    expect(maxPositionError(clip, writeBvh(clip))).toBeLessThan(1e-3)
  })

  it('writes offsets and root positions in centimetres with the standard channel order', () => {
    const clip = randomClip(2)
    const text = writeBvh(clip)
    const bvh = parseBvh(text)
    const hips = bvh.nodes[0]!
    expect(hips.name).toBe('Hips')
    // The translated root has a zero OFFSET so absolute and offset-relative readers agree.
    expect(hips.offset).toEqual([0, 0, 0])
    expect(bvh.nodes.find(n => n.name === 'LeftLeg')!.offset[1]).toBeCloseTo(-42, 3)
    expect(hips.channels).toEqual(['Xposition', 'Yposition', 'Zposition', 'Zrotation', 'Xrotation', 'Yrotation'])
    expect(bvh.nodes.find(n => n.name === 'LeftLeg')!.channels).toEqual(['Zrotation', 'Xrotation', 'Yrotation'])
    expect(bvh.frames[1]![1]).toBeCloseTo(clip.rootTranslation[4]! * 100, 3)
    expect(bvh.frameTime).toBeCloseTo(1 / 30, 6)
    expect(bvh.frames).toHaveLength(2)
  })

  it('turns leaf joints into End Sites carrying their rest offset', () => {
    const clip = randomClip(1)
    const bvh = parseBvh(writeBvh(clip))
    const headEnd = bvh.nodes.find(n => n.name === 'Head/End')!
    expect(headEnd.endSite).toBe(true)
    expect(headEnd.channels).toEqual([])
    expect(headEnd.offset[1]).toBeCloseTo(16, 3)
    expect(bvh.nodes.some(n => n.name === 'HeadTop_End')).toBe(false)
  })

  it('prefixes every bone name with bonePrefix', () => {
    const clip = randomClip(3)
    const text = writeBvh(clip, { bonePrefix: 'mixamorig:' })
    const bvh = parseBvh(text)
    expect(bvh.nodes.filter(n => !n.endSite).every(n => n.name.startsWith('mixamorig:'))).toBe(true)
    expect(maxPositionError(clip, text, 'mixamorig:')).toBeLessThan(1e-3)
  })

  it('adds a static Root at the origin above a hips joint that keeps its translation channels with rootAtOrigin', () => {
    const clip = randomClip(4)
    const text = writeBvh(clip, { rootAtOrigin: true })
    const bvh = parseBvh(text)
    expect(bvh.nodes[0]!.name).toBe('Root')
    expect(bvh.nodes[0]!.offset).toEqual([0, 0, 0])
    expect(bvh.nodes[1]!.name).toBe('Hips')
    expect(bvh.nodes[1]!.parent).toBe(0)
    expect(bvh.nodes[1]!.channels).toHaveLength(6)
    expect(bvh.nodes[1]!.offset).toEqual([0, 0, 0])
    expect(bvh.frames.every(row => row.slice(0, 6).every(v => v === 0))).toBe(true)
    expect(maxPositionError(clip, text)).toBeLessThan(1e-3)
  })

  it('keeps Euler channels continuous instead of wrapping at ±180°', () => {
    const clip = randomClip(1)
    const n = clip.skeleton.joints.length
    const frames = 40
    const rotations = new Float32Array(frames * n * 4)
    for (let f = 0; f < frames; f++) {
      for (let j = 0; j < n; j++) rotations.set([0, 0, 0, 1], (f * n + j) * 4)
      // The spine turns about Y from 0 to 390 degrees.
      const a = (f / (frames - 1)) * (390 / 180) * Math.PI
      rotations.set([0, Math.sin(a / 2), 0, Math.cos(a / 2)], (f * n + 1) * 4)
    }
    const turning: MotionClip = { ...clip, frameCount: frames, rotations, rootTranslation: new Float32Array(frames * 3).fill(1) }
    const bvh = parseBvh(writeBvh(turning))
    const spineY = bvh.nodes.slice(0, bvh.nodes.findIndex(x => x.name === 'Spine')).reduce((s, x) => s + x.channels.length, 0) + 2
    const ys = bvh.frames.map(r => r[spineY]!)
    for (let f = 1; f < frames; f++) expect(Math.abs(ys[f]! - ys[f - 1]!)).toBeLessThan(20)
    expect(ys[frames - 1]).toBeCloseTo(390, 2)
  })

  it('rejects a clip whose rotation array does not match its frame count', () => {
    const clip = randomClip(3)
    expect(() => writeBvh({ ...clip, frameCount: 4 })).toThrow(/rootTranslation/)
    expect(() => writeBvh({ ...clip, rotations: clip.rotations.subarray(4) })).toThrow(/rotations/)
  })
})
