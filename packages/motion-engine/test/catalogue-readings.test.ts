// Readings added as catalogue entries (src/movements/): each prompt's plan, and the motion it makes.
import { describe, expect, it } from 'vitest'
import { analyzePrompt, fk, jointIndex, parsePrompt, planPrompt } from '../src/index.js'
import type { MotionClip, Vec3 } from '../src/index.js'
import { quatRotate } from '../src/math/quat.js'
import { generate, rootAt, track } from './helpers/motion.js'

/** Where the face points at frame f (the head's forward axis), and the unit direction from the head to a joint. */
function gaze (clip: MotionClip, f: number, target: string): { face: Vec3, toward: Vec3 } {
  const w = fk(clip, f)
  const head = jointIndex(clip.skeleton, 'Head')
  const d = w.positions[jointIndex(clip.skeleton, target)]!.map((v, i) => v - w.positions[head]![i]!)
  const len = Math.hypot(...d)
  return { face: quatRotate(w.rotations[head]!, [0, 0, 1]), toward: d.map(v => v / len) as Vec3 }
}

const degreesBetween = (a: Vec3, b: Vec3): number => (Math.acos(a[0] * b[0] + a[1] * b[1] + a[2] * b[2]) * 180) / Math.PI

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

  it('swings a tennis racket with the named hand: forehand across the body, backhand out to its own side, serve over the head', async () => {
    expect(parsePrompt('swings a tennis racket forehand')[0]!.action).toMatchObject({ kind: 'tennisStroke' })
    expect(parsePrompt('a backhand with the left hand')[0]!.action).toMatchObject({ kind: 'tennisStroke', direction: 'backward', side: 'left' })
    expect(parsePrompt('serves the tennis ball')[0]!.action).toMatchObject({ kind: 'tennisStroke', style: 'overhand' })
    expect(parsePrompt('smash')[0]!.action).toMatchObject({ kind: 'tennisStroke', style: 'overhand' })
    expect(parsePrompt('someone smashes something on the floor')[0]!.action.kind).not.toBe('tennisStroke')
    expect(parsePrompt('a person hits something with a racket')[0]!.action.kind).toBe('tennisStroke')
    expect(parsePrompt('a person hits something with a racket on his left').map(e => e.action)).toMatchObject([{ kind: 'tennisStroke', side: 'left' }])
    expect(parsePrompt('the man hits a backhand').map(e => e.action)).toMatchObject([{ kind: 'tennisStroke', direction: 'backward' }])
    expect(parsePrompt('someone strikes a forehand with his right hand').map(e => e.action)).toMatchObject([{ kind: 'tennisStroke', side: 'right' }])
    expect(parsePrompt('a human performs a hit with an object similar to a tennis racket with its left hand')[0]!.action).toMatchObject({ kind: 'tennisStroke', side: 'left' })
    // The character faces +Z with its right side toward -X.
    const fore = await generate('swings a tennis racket forehand')
    const right = track(fore, 'RightHand')
    const hips = track(fore, 'Hips')
    const back = right.findIndex(p => p[2] === Math.min(...right.map(q => q[2])))
    const front = right.findIndex(p => p[2] === Math.max(...right.map(q => q[2])))
    const across = right.findIndex(p => p[0] === Math.max(...right.map(q => q[0])))
    // Taken back behind the body on the right, met in front, then followed through past the middle to the left.
    expect(right[back]![2]).toBeLessThan(-0.3)
    expect(right[back]![0]).toBeLessThan(-0.3)
    expect(right[front]![2]).toBeGreaterThan(0.3)
    expect(back).toBeLessThan(front)
    expect(front).toBeLessThan(across)
    expect(right[across]![0] - hips[across]![0]).toBeGreaterThan(0.1)
    expect(right.at(-1)![0]).toBeLessThan(-0.2)
    const backhand = await generate('a backhand with the left hand')
    const left = track(backhand, 'LeftHand')
    const start = left.findIndex(p => p[0] === Math.min(...left.map(q => q[0])))
    const end = left.findIndex(p => p[0] === Math.max(...left.map(q => q[0])))
    // The left hand starts across the body on the right and finishes high out on its own side, the right one let go low.
    expect(left[start]![0]).toBeLessThan(-0.2)
    expect(left[end]![0]).toBeGreaterThan(0.5)
    expect(left[end]![1]).toBeGreaterThan(1.45)
    expect(start).toBeLessThan(end)
    expect(left[end]![1] - track(backhand, 'RightHand')[end]![1]).toBeGreaterThan(0.4)
    const serve = await generate('serves the tennis ball')
    const racket = track(serve, 'RightHand')
    const head = track(serve, 'Head')
    const top = racket.findIndex(p => p[1] === Math.max(...racket.map(q => q[1])))
    // Met at full reach above the head, then followed through down across the body.
    expect(racket[top]![1] - head[top]![1]).toBeGreaterThan(0.3)
    expect(Math.min(...racket.slice(top).map(p => p[1]))).toBeLessThan(1.15)
    expect(Math.max(...racket.slice(top).map(p => p[0]))).toBeGreaterThan(0.1)
  }, 60_000)

  it('looks at the named hand, brought up in front, or bows the head to look at the feet', async () => {
    expect(parsePrompt('looks at his left hand')[0]!.action).toMatchObject({ kind: 'lookAtBody', side: 'left' })
    expect(parsePrompt('glances at her feet')[0]!.action).toMatchObject({ kind: 'lookAtBody', direction: 'down' })
    expect(parsePrompt('looking at own hands')[0]!.action).toMatchObject({ kind: 'lookAtBody', side: 'both' })
    const hand = await generate('looks at his left hand')
    const mid = Math.floor(hand.frameCount / 2)
    const atHand = gaze(hand, mid, 'LeftHand')
    // The face points at the left hand (within 25 degrees), turned to the character's left (+X), not at the right hand.
    expect(degreesBetween(atHand.face, atHand.toward)).toBeLessThan(25)
    expect(atHand.face[0]).toBeGreaterThan(0.15)
    expect(degreesBetween(atHand.face, gaze(hand, mid, 'RightHand').toward)).toBeGreaterThan(40)
    expect(gaze(hand, 0, 'LeftHand').face[1]).toBeGreaterThan(-0.1)
    const feet = await generate('glances at her feet')
    const down = gaze(feet, Math.floor(feet.frameCount / 2), 'LeftFoot')
    // Bowed to the feet: the face points well down, within 40 degrees of the left foot, and comes back up at the end.
    expect(down.face[1]).toBeLessThan(-0.8)
    expect(degreesBetween(down.face, down.toward)).toBeLessThan(40)
    expect(gaze(feet, feet.frameCount - 1, 'LeftFoot').face[1]).toBeGreaterThan(-0.2)
    // Looking down is the same bow, not a look to the left and the right.
    expect(parsePrompt('a person is walking slowly, looking down')[1]!.action).toMatchObject({ kind: 'lookAtBody', direction: 'down' })
    const downward = await generate('looks down')
    const faces = Array.from({ length: downward.frameCount }, (_, f) => gaze(downward, f, 'LeftFoot').face)
    expect(Math.min(...faces.map(v => v[1]))).toBeLessThan(-0.8)
    expect(Math.max(...faces.map(v => Math.abs(v[0])))).toBeLessThan(0.1)
  }, 60_000)

  it('slows a run through a jog and a walk to standing when it slows to a stop', async () => {
    expect(parsePrompt('runs and slows down to a stop').map(e => e.action.kind)).toEqual(['run', 'jog', 'walk'])
    expect(parsePrompt('a person running slows to a halt').map(e => e.action.kind)).toEqual(['run', 'jog', 'walk'])
    expect(parsePrompt('a person runs two meters and decelerates').map(e => e.action.kind)).toEqual(['run', 'jog', 'walk'])
    expect(parsePrompt('a person decelerates')).toEqual([])
    const clip = await generate('runs and slows down to a stop')
    const w = Math.round(clip.fps / 2)
    const speeds: number[] = []
    for (let f = 0; f + w < clip.frameCount; f += w) {
      const [a, b] = [rootAt(clip, f), rootAt(clip, f + w)]
      speeds.push(Math.hypot(b[0] - a[0], b[2] - a[2]) * 2)
    }
    const peak = speeds.indexOf(Math.max(...speeds))
    expect(speeds[peak]).toBeGreaterThan(3.5)
    // From the run's full speed the pace only falls (by half-second windows, within stride noise), through 1.5 s or
    // more between 0.7 and 2.5 m/s, to standing.
    for (let i = peak + 1; i < speeds.length; i++) expect(speeds[i]!).toBeLessThan(speeds[i - 1]! + 0.25)
    expect(speeds.slice(peak).filter(v => v > 0.7 && v < 2.5).length).toBeGreaterThanOrEqual(3)
    expect(speeds.at(-1)!).toBeLessThan(0.8)
    const last = clip.frameCount - 1
    expect(Math.hypot(...rootAt(clip, last).map((v, i) => v - rootAt(clip, last - 3)[i]!))).toBeLessThan(0.01)
  }, 60_000)

  it('stands at attention with nothing added when the prompt describes the attention posture itself', async () => {
    for (const prompt of ['stands at attention', 'stands at attention, arms pointing down', 'he stands at attention with hands pointing to the floor',
      'standing straight like a soldier at attention', 'stands at attention with the right arm straight', 'a man standing in an attention pose']) {
      expect(planPrompt(prompt).timeline, prompt).toEqual([{ action: { kind: 'attention', speed: 1, emotion: 'neutral' } }])
    }
    const clip = await generate('stands at attention, arms pointing down')
    const hips = track(clip, 'Hips')
    // Arms straight down the sides all through: no hand rises past the hips' height plus 5 cm or reaches forward.
    for (const side of ['LeftHand', 'RightHand']) {
      const hand = track(clip, side)
      expect(Math.max(...hand.map((p, i) => p[1] - hips[i]![1]))).toBeLessThan(0.05)
      expect(Math.max(...hand.map((p, i) => p[2] - hips[i]![2]))).toBeLessThan(0.12)
    }
    // The heels come together.
    const f = clip.frameCount - 10
    expect(Math.abs(track(clip, 'LeftFoot')[f]![0] - track(clip, 'RightFoot')[f]![0])).toBeLessThan(0.16)
  }, 60_000)
})
