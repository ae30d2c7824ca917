// Readings added as catalogue entries (src/movements/): each prompt's plan, and the motion it makes.
import { describe, expect, it } from 'vitest'
import { analyzePrompt, parsePrompt } from '../src/index.js'
import { generate, rootAt, track } from './helpers/motion.js'

describe('readings of the movement catalogue', () => {
  it('walks backward when told to walk in reverse', async () => {
    expect(parsePrompt('a person walks in reverse')[0]!.action).toMatchObject({ kind: 'walk', direction: 'backward' })
    const clip = await generate('a person walks in reverse')
    // The character faces +Z: walking backward carries the hips toward -Z.
    expect(rootAt(clip, clip.frameCount - 1)[2] - rootAt(clip, 0)[2]).toBeLessThan(-0.5)
  }, 60_000)

  it('hops on one foot however the one-footed jump is said', async () => {
    expect(parsePrompt('a person is jumping with one foot')[0]!.action.kind).toBe('hop')
    expect(parsePrompt('jumps on one leg three times')[0]!.action).toMatchObject({ kind: 'hop', count: 3 })
    expect(parsePrompt('hops on his left leg')[0]!.action).toMatchObject({ kind: 'hop', side: 'left' })
    expect(parsePrompt('jumping on the right foot')[0]!.action).toMatchObject({ kind: 'hop', side: 'right' })
    const clip = await generate('jumping on the right foot')
    const left = track(clip, 'LeftFoot')
    const right = track(clip, 'RightFoot')
    // On the right foot: the left foot is held up through the hops, never lower than the right one.
    const middle = left.slice(Math.floor(clip.frameCount * 0.3), Math.floor(clip.frameCount * 0.7))
    expect(middle.every((p, i) => p[1] > right[i + Math.floor(clip.frameCount * 0.3)]![1])).toBe(true)
  }, 60_000)

  it('names the foot a walk starts with as a foot in the plan text', async () => {
    const analysis = await analyzePrompt('walk forward starting with the right foot')
    expect(analysis.optimizedPrompt).toBe('walk forward with the right foot')
    // The text reads back as the same walk, on the same foot.
    expect(parsePrompt(analysis.optimizedPrompt)[0]!.action).toMatchObject({ kind: 'walk', side: 'right' })
  }, 60_000)

  it('flexes the biceps of both arms, or of the arm named: elbow out at shoulder height, fist up by the head', async () => {
    expect(parsePrompt('a man flexes his biceps')[0]!.action).toMatchObject({ kind: 'flexBiceps' })
    expect(parsePrompt('flexing his right biceps')[0]!.action).toMatchObject({ kind: 'flexBiceps', side: 'right' })
    const both = await generate('a man flexes his biceps')
    const f = Math.floor(both.frameCount / 2)
    for (const side of ['Left', 'Right']) {
      const elbow = track(both, `${side}ForeArm`)[f]!
      const hand = track(both, `${side}Hand`)[f]!
      expect(elbow[1]).toBeGreaterThan(1.3)
      expect(hand[1] - elbow[1]).toBeGreaterThan(0.15)
    }
    const one = await generate('flexing his right biceps')
    const g = Math.floor(one.frameCount / 2)
    expect(track(one, 'RightHand')[g]![1]).toBeGreaterThan(1.5)
    expect(track(one, 'LeftHand')[g]![1]).toBeLessThan(1.0)
  }, 60_000)

  it('raises the named leg in front, or out to the side, and lowers it, balanced on the other foot', async () => {
    expect(parsePrompt('a human is lifting his left leg')[0]!.action).toMatchObject({ kind: 'legRaise', side: 'left' })
    expect(parsePrompt('raises the right leg to the side three times')[0]!.action).toMatchObject({ kind: 'legRaise', side: 'right', count: 3 })
    expect(parsePrompt('does five leg raises')[0]!.action).toMatchObject({ kind: 'legRaise', count: 5 })
    const front = await generate('raises his left leg three times')
    const lifted = track(front, 'LeftFoot')
    const standing = track(front, 'RightFoot')
    const peak = Math.max(...lifted.map(p => p[1]))
    expect(peak).toBeGreaterThan(0.45)
    // Raised in front: at its highest the foot is ahead of the standing one, which stays on the floor.
    const top = lifted.findIndex(p => p[1] === peak)
    expect(lifted[top]![2] - standing[top]![2]).toBeGreaterThan(0.3)
    expect(Math.max(...standing.map(p => p[1]))).toBeLessThan(0.2)
    expect(lifted.at(-1)![1]).toBeLessThan(0.2)
    const side = await generate('raises the right leg to the side')
    const out = track(side, 'RightFoot')
    const other = track(side, 'LeftFoot')
    const apart = out.map((p, i) => Math.abs(p[0] - other[i]![0]))
    // Out to the side: the feet spread apart sideways, well past their stance width.
    expect(Math.max(...apart) - apart[0]!).toBeGreaterThan(0.3)
  }, 60_000)
})
