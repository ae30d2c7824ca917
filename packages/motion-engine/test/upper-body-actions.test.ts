// The upper-body actions, driven straight from an ActionSpec: each one's defining feature measured with
// forward kinematics, standing and layered over a walk.
import { describe, expect, it } from 'vitest'
import type { ActionKind, Vec3 } from '../src/index.js'
import { distance, range, rises, speedAt, take, turns } from './helpers/upper-body.js'
import type { Take } from './helpers/upper-body.js'

const frames = (t: Take) => Array.from({ length: t.frames }, (_, f) => f)
/** The action's own frames; `trim` seconds at either end left out (the hands travelling to and from the action). */
const during = (t: Take, trim = 0) => Array.from({ length: t.span }, (_, f) => f).slice(Math.round(trim * t.fps), t.span - Math.round(trim * t.fps))
const track = (t: Take, side: 'Left' | 'Right') => frames(t).map(f => t.palm(side, f))
const SHOULDER_Y = 1.44
const HIP_Y = 0.95

interface Feature { says: string, check: (t: Take) => void }

/** Strokes counted over the whole action: the count asked for, or one more (the hand rising into the first). */
function expectStrokes (values: number[], prominence: number, count: number): void {
  const n = rises(values, prominence)
  expect(n).toBeGreaterThanOrEqual(count)
  expect(n).toBeLessThanOrEqual(count + 1)
}

/** Each action's defining feature, checked on a take standing and on one layered over walking. */
const FEATURES: Partial<Record<ActionKind, Feature>> = {
  drink: {
    says: 'the cup hand comes to the mouth while the head tips back, and goes down again',
    check (t) {
      const d = frames(t).map(f => distance(t.palm('Right', f), t.mouth(f)))
      const closest = d.indexOf(Math.min(...d))
      expect(d[closest]).toBeLessThan(0.12)
      // The face points up while drinking.
      expect(Math.max(...during(t).map(f => t.facing(f)[1]))).toBeGreaterThan(Math.sin((12 * Math.PI) / 180))
      expect(d[0]).toBeGreaterThan(0.5)
      expect(d[t.span - 1]).toBeGreaterThan(0.5)
    }
  },
  slap: {
    says: 'the hand crosses the midline fast at face height in front',
    check (t) {
      const hand = track(t, 'Right')
      const crossings = during(t).slice(1).filter(f => hand[f - 1]![0] < 0 && hand[f]![0] >= 0)
      expect(crossings.length).toBeGreaterThan(0)
      for (const f of crossings) {
        expect(hand[f]![1]).toBeGreaterThan(1.36)
        expect(hand[f]![1]).toBeLessThan(1.8)
        expect(hand[f]![2]).toBeGreaterThan(0.25)
        expect(speedAt(hand, f, t.fps)).toBeGreaterThan(3)
      }
    }
  },
  claspHands: {
    says: 'the two palms meet in front of the belly',
    check (t) {
      const mid = Math.floor(t.span / 2)
      expect(distance(t.palm('Left', mid), t.palm('Right', mid))).toBeLessThan(0.05)
      expect(t.palm('Right', mid)[2]).toBeGreaterThan(0.15)
      expect(t.palm('Right', mid)[1]).toBeGreaterThan(0.95)
      expect(t.palm('Right', mid)[1]).toBeLessThan(1.25)
    }
  },
  attention: {
    says: 'both arms hang straight beside the thighs and the chin is up',
    check (t) {
      const mid = Math.floor(t.span / 2)
      for (const side of ['Left', 'Right'] as const) {
        const wrist = t.at(`${side}Hand`, mid)
        expect(distance(t.at(`${side}Arm`, mid), wrist)).toBeGreaterThan(0.49)
        expect(wrist[1]).toBeGreaterThan(0.8)
        expect(wrist[1]).toBeLessThan(1)
        expect(Math.abs(wrist[0])).toBeGreaterThan(0.12)
        expect(Math.abs(wrist[0])).toBeLessThan(0.3)
        expect(Math.abs(wrist[2])).toBeLessThan(0.12)
      }
      expect(t.facing(mid)[1]).toBeGreaterThan(0.05)
    }
  },
  chop: {
    says: 'both hands swing an axe together from above the head down in front, once per count',
    check (t) {
      const [l, r] = [track(t, 'Left'), track(t, 'Right')]
      const hits = impacts(r.slice(0, t.span), { front: 0.3, below: 1.1, across: 0.15 })
      expect(hits.length).toBe(3)
      expect(Math.max(...during(t).map(f => r[f]![1]))).toBeGreaterThan(1.7)
      // Up and down between the first chop and the last, the hands stay together on the handle.
      for (const f of frames(t).slice(hits[0], hits.at(-1))) expect(distance(l[f]!, r[f]!)).toBeLessThan(0.2)
    }
  },
  stir: {
    says: 'the hand goes round a level circle at waist height, once per count',
    check (t) {
      const hand = track(t, 'Right')
      const turn = turns(during(t, 0.4).map(f => [hand[f]![0], hand[f]![2]]))
      expect(turn).toBeGreaterThan(4.5)
      expect(turn).toBeLessThan(5.5)
      const round = during(t, 0.8)
      expect(range(round.map(f => hand[f]![0]))).toBeGreaterThan(0.1)
      expect(range(round.map(f => hand[f]![2]))).toBeGreaterThan(0.1)
      expect(range(round.map(f => hand[f]![1]))).toBeLessThan(0.05)
      for (const f of round) expect(hand[f]![1]).toBeLessThan(1.15)
    }
  },
  wipe: {
    says: 'the flat hand goes round circles on an upright surface in front',
    check (t) {
      const hand = track(t, 'Right')
      const turn = turns(during(t, 0.4).map(f => [hand[f]![0], hand[f]![1]]))
      expect(Math.abs(turn)).toBeGreaterThan(3.5)
      expect(Math.abs(turn)).toBeLessThan(4.5)
      const round = during(t, 0.9)
      expect(range(round.map(f => hand[f]![1]))).toBeGreaterThan(0.15)
      expect(range(round.map(f => hand[f]![2]))).toBeLessThan(0.1)
      // Flat on the surface: the palm faces forward.
      for (const f of round) expect(t.palmFacing('Right', f)[2]).toBeGreaterThan(0.5)
    }
  },
  sweep: {
    says: 'both hands travel side to side together on one handle, the lower one near the floor side',
    check (t) {
      const [l, r] = [track(t, 'Left'), track(t, 'Right')]
      const live = during(t, 1)
      expect(range(live.map(f => r[f]![0]))).toBeGreaterThan(0.3)
      expect(range(live.map(f => l[f]![0]))).toBeGreaterThan(0.12)
      // One handle: the hands keep their spacing while they travel.
      expect(range(live.map(f => distance(l[f]!, r[f]!)))).toBeLessThan(0.1)
      expectStrokes(during(t).map(f => r[f]![0]), 0.15, 4)
      // The lower hand holds the handle well below the upper one.
      for (const f of live) expect(r[f]![1]).toBeLessThan(l[f]![1] - 0.15)
    }
  },
  playGuitar: {
    says: 'the strumming hand brushes up and down over the body while the fretting hand holds the neck out to the side',
    check (t) {
      const [fret, strum] = [track(t, 'Left'), track(t, 'Right')]
      const live = during(t, 0.7)
      for (const f of live) expect(fret[f]![0]).toBeGreaterThan(0.28)
      for (const f of live) expect(strum[f]![0]).toBeGreaterThan(-0.12)
      expectStrokes(during(t).map(f => strum[f]![1]), 0.06, 8)
    }
  },
  playViolin: {
    says: 'the fiddle hand is up in front of the left shoulder while the bow hand draws long strokes',
    check (t) {
      const [neck, bow] = [track(t, 'Left'), track(t, 'Right')]
      const live = during(t, 0.8)
      for (const f of live) expect(neck[f]![1]).toBeGreaterThan(1.35)
      for (const f of live) expect(neck[f]![2]).toBeGreaterThan(0.3)
      expect(range(live.map(f => bow[f]![0]))).toBeGreaterThan(0.25)
      expectStrokes(during(t).map(f => -bow[f]![0]), 0.15, 3)
    }
  },
  shakeArms: {
    says: 'both hands shake fast and low',
    check (t) {
      for (const side of ['Left', 'Right'] as const) {
        const y = during(t).map(f => t.palm(side, f)[1])
        expectStrokes(y, 0.05, 10)
        expect(Math.max(...y)).toBeLessThan(1.2)
      }
    }
  },
  knock: {
    says: 'the hand raps forward at head height, once per knock',
    check (t) {
      const hand = track(t, 'Right')
      const z = (f: number) => hand[f]![2]
      const raps = during(t).slice(1, -1).filter(f => z(f) > 0.3 && z(f) > z(f - 1) && z(f) >= z(f + 1))
      expect(raps.length).toBeGreaterThanOrEqual(3)
      for (const f of raps) {
        expect(hand[f]![1]).toBeGreaterThan(1.2)
        expect(hand[f]![1]).toBeLessThan(1.6)
      }
      expectStrokes(during(t).map(f => hand[f]![2]), 0.06, 3)
    }
  },
  shakeFist: {
    says: 'the fist is held up by the head and shaken',
    check (t) {
      const hand = track(t, 'Right')
      const live = during(t, 0.5)
      for (const f of live) expect(hand[f]![1]).toBeGreaterThan(SHOULDER_Y + 0.06)
      expectStrokes(during(t).map(f => hand[f]![1]), 0.05, 6)
    }
  }
}

const SPECS: [ActionKind, Record<string, unknown>][] = [
  ['drink', {}],
  ['slap', {}],
  ['claspHands', {}],
  ['attention', {}],
  ['chop', { count: 3 }],
  ['stir', { count: 5 }],
  ['wipe', { count: 4 }],
  ['sweep', { count: 4 }],
  ['playGuitar', { count: 8 }],
  ['playViolin', { count: 3 }],
  ['shakeArms', { count: 10 }],
  ['shakeFist', { count: 6 }],
  ['knock', { count: 3 }]
]

describe('upper-body actions standing', () => {
  for (const [kind, extra] of SPECS) {
    it(`${kind}: ${FEATURES[kind]!.says}`, async () => {
      FEATURES[kind]!.check(await take({ kind, ...extra }))
    })
  }
})

describe('upper-body actions layered over walking', () => {
  for (const [kind, extra] of SPECS) {
    it(`walks on while the arms ${kind}: ${FEATURES[kind]!.says}`, async () => {
      const t = await take({ kind, ...extra }, { over: 'walk' })
      expect(t.root(t.frames - 1)[2] - t.root(0)[2]).toBeGreaterThan(3)
      const lifts = (foot: string) => rises(during(t).map(f => t.at(foot, f)[1]), 0.05)
      expect(lifts('LeftFoot') + lifts('RightFoot')).toBeGreaterThanOrEqual(Math.floor(t.span / t.fps))
      FEATURES[kind]!.check(t)
    })
  }
})

/** Lowest points of a hand's strokes that land in front of the body: further forward than `front`, lower than `below`, within `across` of the midline. */
function impacts (hand: Vec3[], { front, below, across }: { front: number, below: number, across: number }): number[] {
  const at: number[] = []
  for (let f = 1; f + 1 < hand.length; f++) {
    const [a, b, c] = [hand[f - 1]![1], hand[f]![1], hand[f + 1]![1]]
    if (b < a && b <= c && hand[f]![2] > front && b < below && Math.abs(hand[f]![0]) < across) at.push(f)
  }
  return at
}

describe('standing actions with legs and counts', () => {
  it('attention brings the heels together, the toes turned out', async () => {
    const t = await take({ kind: 'attention' })
    const mid = Math.floor(t.frames / 2)
    expect(distance(t.at('LeftFoot', 0), t.at('RightFoot', 0))).toBeGreaterThan(0.17)
    expect(distance(t.at('LeftFoot', mid), t.at('RightFoot', mid))).toBeLessThan(0.14)
    const toes = distance(t.at('LeftToeBase', mid), t.at('RightToeBase', mid))
    expect(toes).toBeGreaterThan(distance(t.at('LeftFoot', mid), t.at('RightFoot', mid)) + 0.03)
  })

  it('stands at attention the same in every mood and variant: straight arms, chin up', async () => {
    for (const emotion of ['sad', 'angry', 'sneaky'] as const) {
      for (const variant of [1, 3]) {
        const t = await take({ kind: 'attention', emotion }, { variant })
        const mid = Math.floor(t.span / 2)
        for (const side of ['Left', 'Right'] as const) expect(distance(t.at(`${side}Arm`, mid), t.at(`${side}Hand`, mid))).toBeGreaterThan(0.49)
        expect(t.facing(mid)[1], `${emotion} ${variant}`).toBeGreaterThan(0.05)
      }
    }
  })

  it('keeps clasped hands together and the cup at the mouth in every mood and variant', async () => {
    for (const emotion of ['neutral', 'happy', 'angry', 'sad', 'tired', 'confident', 'sneaky'] as const) {
      for (const variant of [0, 1, 2, 3, 4, 5]) {
        const clasp = await take({ kind: 'claspHands', emotion }, { variant })
        const mid = Math.floor(clasp.span / 2)
        expect(distance(clasp.palm('Left', mid), clasp.palm('Right', mid)), `${emotion} ${variant}`).toBeLessThan(0.05)
        const cup = await take({ kind: 'drink', emotion }, { variant })
        expect(Math.min(...frames(cup).map(f => distance(cup.palm('Right', f), cup.mouth(f)))), `${emotion} ${variant}`).toBeLessThan(0.12)
      }
    }
  })

  it('does one-handed actions with the hand named by side', async () => {
    const path = (t: Take, side: 'Left' | 'Right') => frames(t).slice(1).reduce((sum, f) => sum + distance(t.palm(side, f), t.palm(side, f - 1)), 0)
    for (const kind of ['throw', 'stir', 'wipe', 'shakeFist', 'slap', 'knock'] as const) {
      for (const [side, moving, still] of [['left', 'Left', 'Right'], ['right', 'Right', 'Left']] as const) {
        const t = await take({ kind, side })
        expect(path(t, moving), `${kind} ${side}`).toBeGreaterThan(path(t, still) * 2)
      }
    }
  })

  it('gives one thumb up with the hand named by side, two with side both', async () => {
    const raised = (t: Take, side: 'Left' | 'Right') => t.palm(side, Math.floor(t.span / 2))[1] - t.palm(side, 0)[1]
    const both = await take({ kind: 'thumbsUp', side: 'both' })
    expect(raised(both, 'Left')).toBeGreaterThan(0.2)
    expect(raised(both, 'Right')).toBeGreaterThan(0.2)
    const right = await take({ kind: 'thumbsUp', side: 'right' })
    expect(raised(right, 'Right')).toBeGreaterThan(0.2)
    expect(raised(right, 'Left')).toBeLessThan(0.05)
  })

  it('waves one hand by default and both with side both', async () => {
    const path = (t: Take, side: 'Left' | 'Right') => frames(t).slice(1).reduce((sum, f) => sum + distance(t.palm(side, f), t.palm(side, f - 1)), 0)
    const one = await take({ kind: 'wave' })
    expect(path(one, 'Right')).toBeGreaterThan(path(one, 'Left') * 2)
    const both = await take({ kind: 'wave', side: 'both' })
    expect(path(both, 'Left')).toBeGreaterThan(path(one, 'Right') * 0.8)
    expect(path(both, 'Right')).toBeGreaterThan(path(one, 'Right') * 0.8)
  })

  it('stands at attention, then salutes with the heels still together', async () => {
    const t = await take({ kind: 'attention' }, { then: { kind: 'salute' } })
    const salute = Array.from({ length: t.frames - t.span }, (_, i) => t.span + i)
    for (const f of salute) expect(distance(t.at('LeftFoot', f), t.at('RightFoot', f))).toBeLessThan(0.14)
    expect(Math.max(...salute.map(f => t.palm('Right', f)[1]))).toBeGreaterThan(1.5)
  })

  it('drinks with the hand named by side, one sip per count', async () => {
    const t = await take({ kind: 'drink', side: 'left', count: 2 })
    const near = frames(t).map(f => -distance(t.palm('Left', f), t.mouth(f)))
    expect(Math.max(...near)).toBeGreaterThan(-0.12)
    expect(rises(near, 0.25)).toBe(2)
    expect(Math.max(...track(t, 'Right').map(p => p[1]))).toBeLessThan(1.05)
  })

  it('points forward, to a side, or raises the hand overhead when pointing up', async () => {
    const up = await take({ kind: 'point', side: 'right', direction: 'up' })
    const mid = Math.floor(up.span / 2)
    expect(up.palm('Right', mid)[1]).toBeGreaterThan(up.at('Head', mid)[1] + 0.25)
    expect(Math.max(...track(up, 'Left').map(p => p[1]))).toBeLessThan(1.05)
    const ahead = await take({ kind: 'point', side: 'right' })
    expect(ahead.palm('Right', mid)[1]).toBeGreaterThan(SHOULDER_Y - 0.15)
    expect(ahead.palm('Right', mid)[1]).toBeLessThan(SHOULDER_Y + 0.15)
    expect(ahead.palm('Right', mid)[2]).toBeGreaterThan(0.5)
  })

  it('knocks three times unless told, with both hands when asked', async () => {
    const once = await take({ kind: 'knock', count: 1 })
    const three = await take({ kind: 'knock' })
    expect(three.span - once.span).toBeGreaterThan(0.4 * once.fps)
    const both = await take({ kind: 'knock', side: 'both', count: 2 })
    for (const side of ['Left', 'Right'] as const) expect(rises(during(both).map(f => both.palm(side, f)[2]), 0.06)).toBeGreaterThanOrEqual(2)
  })

  it('slaps with the hand named by side, once per count', async () => {
    const t = await take({ kind: 'slap', side: 'left', count: 2 })
    const hand = track(t, 'Left')
    const fast = frames(t).slice(1).filter(f => hand[f - 1]![0] > 0 && hand[f]![0] <= 0 && speedAt(hand, f, t.fps) > 3)
    expect(fast.length).toBe(2)
    expect(Math.max(...track(t, 'Right').map(p => p[1]))).toBeLessThan(1.05)
  })

  it('chops a knife with one hand in quick small strokes while the other hand holds still', async () => {
    const t = await take({ kind: 'chop', side: 'right', count: 5 })
    const [l, r] = [track(t, 'Left'), track(t, 'Right')]
    const live = frames(t).filter(f => r[f]![2] > 0.2)
    expect(impacts(r, { front: 0.25, below: 1.05, across: 0.3 }).length).toBe(5)
    expect(range(live.map(f => r[f]![1]))).toBeLessThan(0.25)
    expect(range(live.slice(10, -10).map(f => l[f]![1]))).toBeLessThan(0.03)
  })

  it('stirs clockwise with the right hand and counterclockwise with the left, once round per count', async () => {
    // Positive turns in (x = left, z = forward) are clockwise seen from above.
    for (const [side, sign] of [['right', 1], ['left', -1]] as const) {
      const t = await take({ kind: 'stir', side, count: 3 })
      const hand = track(t, side === 'left' ? 'Left' : 'Right')
      const turn = turns(during(t, 0.4).map(f => [hand[f]![0], hand[f]![2]])) * sign
      expect(turn).toBeGreaterThan(2.5)
      expect(turn).toBeLessThan(3.5)
    }
  })

  it('throws overhand: wound above and behind the shoulder, released forward fast, ending extended', async () => {
    const t = await take({ kind: 'throw' })
    const hand = track(t, 'Right')
    const speeds = frames(t).map(f => speedAt(hand, f, t.fps))
    const peak = speeds.indexOf(Math.max(...speeds))
    expect(speeds[peak]).toBeGreaterThan(5)
    const before = frames(t).slice(0, peak)
    expect(before.some(f => hand[f]![1] > SHOULDER_Y + 0.1 && hand[f]![2] < t.at('RightArm', f)[2] - 0.1)).toBe(true)
    expect(hand[peak + 1]![2] - hand[peak - 1]![2]).toBeGreaterThan(0)
    // Fastest when passing forward over the shoulder.
    expect(hand[peak]![1]).toBeGreaterThan(SHOULDER_Y)
    expect(hand[peak]![2]).toBeGreaterThan(t.at('RightArm', peak)[2] + 0.1)
    // After the release the arm is long (not bent) and out in front of the body.
    const follow = frames(t).slice(peak, peak + Math.round(t.fps * 0.3))
    expect(follow.some(f => distance(t.at('RightArm', f), t.at('RightHand', f)) > 0.46 && hand[f]![2] > 0.3)).toBe(true)
  })

  it('throws underhand: swung back below the hip, released forward and rising', async () => {
    const t = await take({ kind: 'throw', style: 'underhand' })
    const hand = track(t, 'Right')
    const speeds = frames(t).map(f => speedAt(hand, f, t.fps))
    const peak = speeds.indexOf(Math.max(...speeds))
    expect(speeds[peak]).toBeGreaterThan(3)
    // Below the hip joint of the bent body, and below where a standing person's hip would be.
    const above = (f: number) => hand[f]![1] - HIP_Y + t.root(f)[1]
    const low = frames(t).slice(0, peak).filter(f => hand[f]![1] < HIP_Y - 0.03 && above(f) < HIP_Y - 0.1 && hand[f]![2] < 0.1)
    expect(low.length).toBeGreaterThan(0)
    expect(hand[peak + 1]![2] - hand[peak - 1]![2]).toBeGreaterThan(0)
    expect(hand[peak + 1]![1] - hand[peak - 1]![1]).toBeGreaterThan(0)
    expect(Math.max(...frames(t).slice(peak).map(f => hand[f]![1]))).toBeGreaterThan(SHOULDER_Y - 0.05)
  })

  it('throws while walking: the legs keep walking and the arm still releases fast above the shoulder', async () => {
    const t = await take({ kind: 'throw' }, { over: 'walk' })
    expect(t.root(t.frames - 1)[2] - t.root(0)[2]).toBeGreaterThan(3)
    const hand = track(t, 'Right')
    const above = frames(t).filter(f => hand[f]![1] > SHOULDER_Y + 0.1)
    expect(above.length).toBeGreaterThan(3)
    expect(Math.max(...frames(t).map(f => speedAt(hand, f, t.fps)))).toBeGreaterThan(5)
  })
})
