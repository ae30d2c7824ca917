// A character whose legs have other proportions than ours (longer thighs, shorter shins): copying rotations alone
// would make planted feet float, sink and slide; the retargeted feet follow the source feet scaled by leg length
// (over the character's own floor: its rest feet stand in it, and its mesh is grounded).
import { beforeAll, describe, expect, it } from 'vitest'
import { createEngine, fk, type MotionClip } from '@openmotion/motion-engine'
import { createMannequinMesh } from '@openmotion/motion-formats'
import { animateCharacter } from '../src/index.js'
import { buildCharacter, glb, NAMING, variantSkeleton, type Variant } from '../src/testing/corpus.js'
import { glbPoses } from './support/glb-pose.js'

let clip: MotionClip
beforeAll(async () => {
  clip = await createEngine({ kind: 'builtin' }).generate(
    { prompt: 'walk forward then wave', seed: 3, fps: 30, durationSeconds: 3 },
    { signal: AbortSignal.timeout(60_000) }
  )
})

const LONG_THIGHS: Variant = { rename: NAMING.mixamo, legs: { thigh: 1.3, shin: 0.85 } }

/** Height of the foot joint above the hips' floor level in a rest skeleton, and the hips-to-foot drop. */
function restHeights (joints: MotionClip['skeleton']['joints'], foot: string): { foot: number, legs: number } {
  let y = 0
  for (let i = joints.findIndex((j) => j.name === foot); i >= 0; i = joints[i]!.parent) y += joints[i]!.offset[1]
  return { foot: y, legs: joints[0]!.offset[1] - y }
}

describe('foot contacts on a character with other leg proportions', () => {
  it('keeps each foot at the source foot height scaled by leg length, and planted feet in place', async () => {
    const files = await animateCharacter(await glb(buildCharacter(LONG_THIGHS)), 'glb', clip, { name: 'legs', skipFBX: true })
    const poses = await glbPoses(files[0]!.bytes)
    const target = variantSkeleton(LONG_THIGHS).joints
    // Longer thighs on the same hips put this rig's rest feet into the floor: the whole clip is lifted by as much.
    const restMesh = createMannequinMesh(variantSkeleton(LONG_THIGHS)).positions
    let lift = 0
    for (let v = 1; v < restMesh.length; v += 3) lift = Math.max(lift, -restMesh[v]!)
    expect(lift).toBeGreaterThan(0.05)
    for (const side of ['Left', 'Right'] as const) {
      const foot = `${side}Foot`
      const ours = restHeights(clip.skeleton.joints, foot)
      const theirs = restHeights(target, foot)
      const scale = theirs.legs / ours.legs
      const sourceIndex = clip.skeleton.joints.findIndex((j) => j.name === foot)
      let planted = 0
      for (let f = 0; f < clip.frameCount; f++) {
        const source = fk(clip, f).positions[sourceIndex]!
        const got = poses(f).get(NAMING.mixamo(foot))!
        expect(Math.abs(got[1] - lift - (theirs.foot + (source[1] - ours.foot) * scale)), `${foot} height at frame ${f}`).toBeLessThan(0.005)
        if (f === 0) continue
        const before = fk(clip, f - 1).positions[sourceIndex]!
        const was = poses(f - 1).get(NAMING.mixamo(foot))!
        if (Math.hypot(source[0] - before[0], source[2] - before[2]) < 0.002) {
          planted++
          expect(Math.hypot(got[0] - was[0], got[2] - was[2]), `${foot} slide at frame ${f}`).toBeLessThan(0.004)
        }
      }
      expect(planted, `${foot} planted frames`).toBeGreaterThan(5)
    }
  })
})
