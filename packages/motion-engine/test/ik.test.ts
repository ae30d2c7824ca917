import { describe, expect, it } from 'vitest'
import { createHumanoidSkeleton, fkPose, jointIndex } from '../src/index.js'
import { solveTwoBone } from '../src/ik.js'

describe('two-bone IK', () => {
  it('puts the ankle on a reachable target with the knee bending forward and the foot kept flat', () => {
    const s = createHumanoidSkeleton()
    const local = new Float32Array(s.joints.length * 4)
    for (let j = 0; j < s.joints.length; j++) local[j * 4 + 3] = 1
    const chain = { upper: jointIndex(s, 'LeftUpLeg'), mid: jointIndex(s, 'LeftLeg'), end: jointIndex(s, 'LeftFoot') }
    const root: [number, number, number] = [0, 0.85, 0]
    const miss = solveTwoBone(s, root, local, 0, chain, [0.1, 0.08, 0.2], [0, 0, 1], [0, 0, 0, 1])
    const w = fkPose(s, root, local, 0)
    const ankle = w.positions[chain.end]!
    expect(miss).toBeLessThan(1e-5)
    expect(Math.hypot(ankle[0] - 0.1, ankle[1] - 0.08, ankle[2] - 0.2)).toBeLessThan(1e-4)
    expect(w.positions[chain.mid]![2]).toBeGreaterThan(0.2)
    const foot = w.rotations[chain.end]!
    expect(Math.abs(foot[3])).toBeCloseTo(1, 4)
  })

  it('stretches the leg toward an unreachable target and reports the distance left', () => {
    const s = createHumanoidSkeleton()
    const local = new Float32Array(s.joints.length * 4)
    for (let j = 0; j < s.joints.length; j++) local[j * 4 + 3] = 1
    const chain = { upper: jointIndex(s, 'LeftUpLeg'), mid: jointIndex(s, 'LeftLeg'), end: jointIndex(s, 'LeftFoot') }
    const miss = solveTwoBone(s, [0, 0.95, 0], local, 0, chain, [0.09, -1, 0], [0, 0, 1])
    expect(miss).toBeGreaterThan(0.9)
  })
})
