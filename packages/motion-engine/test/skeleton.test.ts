import { describe, expect, it } from 'vitest'
import { createHumanoidSkeleton, fkPose, jointIndex } from '../src/index.js'
import type { Skeleton } from '../src/index.js'

function restPositions (s: Skeleton) {
  const local = new Float32Array(s.joints.length * 4)
  for (let j = 0; j < s.joints.length; j++) local[j * 4 + 3] = 1
  return fkPose(s, s.joints[0]!.offset, local).positions
}

describe('humanoid skeleton', () => {
  it('is topologically ordered with the hips as root', () => {
    const s = createHumanoidSkeleton()
    expect(s.joints[0]!.name).toBe('Hips')
    s.joints.forEach((j, i) => expect(j.parent).toBeLessThan(i))
  })

  it('stands 1.75 m tall with hips near 0.95 m and the left arm along +X in T-pose', () => {
    const s = createHumanoidSkeleton()
    const p = restPositions(s)
    expect(p[jointIndex(s, 'HeadTop_End')]![1]).toBeCloseTo(1.75, 2)
    expect(p[jointIndex(s, 'Hips')]![1]).toBeCloseTo(0.95, 2)
    expect(p[jointIndex(s, 'LeftHand')]![0]).toBeGreaterThan(0.6)
    expect(p[jointIndex(s, 'RightHand')]![0]).toBeLessThan(-0.6)
    expect(p[jointIndex(s, 'LeftToe_End')]![2]).toBeGreaterThan(0.15)
  })

  it('scales every offset with the requested height', () => {
    const s = createHumanoidSkeleton({ height: 1.4 })
    const p = restPositions(s)
    expect(p[jointIndex(s, 'HeadTop_End')]![1]).toBeCloseTo(1.4, 2)
  })
})
