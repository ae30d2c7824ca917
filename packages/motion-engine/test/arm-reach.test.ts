import { describe, expect, it } from 'vitest'
import type { Vec3 } from '../src/index.js'
import { armAt, reachFor } from '../src/synth/arm-reach.js'

const RELAXED = { flex: 30, abduct: 15, twist: 0, elbow: 60 }
const gap = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2])

describe('arm reach: wrist targets become arm angles', () => {
  it('puts either wrist within a centimetre of reachable points around the body', () => {
    const targets: Vec3[] = [[-0.04, 1.54, 0.16], [-0.12, 1.2, 0.32], [-0.04, 1.08, 0.28], [-0.2, 1.8, 0], [-0.35, 1.5, -0.25], [0.15, 1.3, 0.3]]
    for (const target of targets) {
      const right = reachFor('right', target, RELAXED)
      expect(gap(armAt('right', right).wrist, target), `right ${target.join(',')}`).toBeLessThan(0.01)
      const mirrored: Vec3 = [-target[0], target[1], target[2]]
      const left = reachFor('left', mirrored, RELAXED)
      expect(gap(armAt('left', left).wrist, mirrored), `left ${target.join(',')}`).toBeLessThan(0.01)
      expect(left.elbow).toBeCloseTo(right.elbow, 0)
    }
  })

  it('reaches the same point with a leaning, twisted trunk, the shoulder having moved', () => {
    const body = { spineFlex: 30, spineTwist: -20 }
    // A point the leaning body can reach: where these arm angles put its wrist.
    const target = armAt('right', { flex: 60, abduct: 10, twist: -20, elbow: 40 }, body).wrist
    const a = reachFor('right', target, RELAXED, { body })
    expect(gap(armAt('right', a, body).wrist, target)).toBeLessThan(0.01)
    expect(gap(armAt('right', a).wrist, target)).toBeGreaterThan(0.05)
  })

  it('swings the elbow toward its hint without moving the wrist', () => {
    const target: Vec3 = [-0.1, 1.3, 0.38]
    const low = reachFor('right', target, RELAXED, { elbow: [-0.15, 1.1, 0.15] })
    const out = reachFor('right', target, RELAXED, { elbow: [-0.42, 1.35, 0.1] })
    for (const a of [low, out]) expect(gap(armAt('right', a).wrist, target)).toBeLessThan(0.015)
    expect(armAt('right', low).elbow[1]).toBeLessThan(armAt('right', out).elbow[1] - 0.1)
    expect(armAt('right', out).elbow[0]).toBeLessThan(armAt('right', low).elbow[0] - 0.1)
  })

  it('stretches straight toward a point out of reach', () => {
    const target: Vec3 = [-0.18, 1.44, 1.5]
    const a = reachFor('right', target, RELAXED)
    expect(a.elbow).toBeLessThan(8)
    const wrist = armAt('right', a).wrist
    expect(wrist[2]).toBeGreaterThan(0.45)
    expect(Math.abs(wrist[1] - 1.44)).toBeLessThan(0.05)
  })
})
