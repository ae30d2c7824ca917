// The development set of prompt understanding (test/data/kitml-captions-dev.jsonl): people's captions of recorded
// motions. Each recording's name says what was recorded; this table groups the names that mean the same and states
// the plan such a caption implies — the action kinds that describe the recording (any one of them, in the main action
// or the overlay) and the side, direction or turn sense it must not contradict. Captions of recordings whose name
// says nothing (CMU's numbered trials) or names a movement the engine has no action for are left out, listed below.
import { readFileSync } from 'node:fs'
import type { ActionSpec, TimelineEntry } from '../src/index.js'
import type { ActionKind } from '../src/prompt/vocabulary.js'

export interface DevCaption { id: string, motion: string, seconds: number, text: string }

type Sense = 'left' | 'right'

export interface RecordingKind {
  /** Group name, reported per kind. */
  name: string
  /** Matches the recording's name (the last part of `motion`, without `_poses`). */
  match: RegExp
  /** The plan must hold at least one of these kinds. */
  accept: readonly ActionKind[]
  /** The limb side (kicks, waves, punches...) the plan must not contradict. */
  side?: 'left' | 'right' | 'both'
  /** The turning sense (turns, circles, curved walks) the plan must not contradict. */
  sense?: Sense
  /** The travel direction (jumps, walks) the plan must not contradict. */
  direction?: 'forward' | 'backward' | 'left' | 'right' | 'up'
}

const WALKS: readonly ActionKind[] = ['walk', 'march', 'sneak', 'limp', 'stagger', 'carry']
const PUSHES: readonly ActionKind[] = ['pushed', 'stumble', 'stagger', 'fall']

export const RECORDING_KINDS: readonly RecordingKind[] = [
  { name: 'walk forward', match: /^(WalkingStraightForwards?\d|walking_medium|walking_slow|walking_?\d|WSTR|SLPD?\d|SOFT)/, accept: [...WALKS, 'stepUp'], direction: 'forward' },
  { name: 'walk fast', match: /^walking_fast/, accept: [...WALKS, 'jog', 'run'], direction: 'forward' },
  { name: 'run', match: /^(walking_run|run)\d*$/, accept: ['run', 'jog'] },
  { name: 'walk backward', match: /^WalkingStraightBackwards/, accept: ['walk', 'backstep', 'moonwalk', 'sneak'], direction: 'backward' },
  { name: 'turn around left', match: /^turn_left/, accept: ['turn', 'spin', 'circle'], sense: 'left' },
  { name: 'turn around right', match: /^turn_right/, accept: ['turn', 'spin', 'circle'], sense: 'right' },
  { name: 'curve left', match: /^(LeftTurn|bend_left)/, accept: ['turn', 'circle', 'walk'], sense: 'left' },
  { name: 'curve right', match: /^(RightTurn|bend_right)/, accept: ['turn', 'circle', 'walk'], sense: 'right' },
  { name: 'circle clockwise', match: /^(WalkInClockwiseCircle|WCC)/, accept: ['circle', 'turn', 'spin'], sense: 'right' },
  { name: 'circle counterclockwise', match: /^(WalkInCounterClockwiseCircle|WCA)/, accept: ['circle', 'turn', 'spin'], sense: 'left' },
  { name: 'pushed while walking', match: /^push_recovery_(front|back|left|right)/, accept: [...PUSHES, ...WALKS, 'backstep', 'sidestep'] },
  { name: 'pushed from the front', match: /^push_recovery_stand_front/, accept: [...PUSHES, 'backstep', 'walk', 'sidestep'] },
  { name: 'pushed from the back', match: /^push_recovery_stand_back/, accept: [...PUSHES, 'walk', 'sidestep'] },
  { name: 'pushed from a side', match: /^push_recovery_stand_(left|right)/, accept: [...PUSHES, 'sidestep', 'walk', 'backstep'] },
  { name: 'guitar', match: /^(guitar_|air_guitar)/, accept: ['playGuitar'] },
  { name: 'violin', match: /^violin_/, accept: ['playViolin', 'playGuitar'] },
  { name: 'stir', match: /^stir_/, accept: ['stir', 'wipe'] },
  { name: 'wipe in circles', match: /^wipe_circular/, accept: ['wipe', 'stir'] },
  { name: 'cha-cha', match: /^dance_chacha/, accept: ['chaCha', 'salsa', 'dance'] },
  { name: 'waltz', match: /^dance_waltz/, accept: ['waltz', 'dance', 'ballet'] },
  { name: 'crawl', match: /^crawl/, accept: ['crawl'] },
  { name: 'kneel down', match: /^kneel_down_with/, accept: ['kneel', 'crouch'] },
  { name: 'kneel down to crawl', match: /^kneel_down_to_crawl/, accept: ['kneel', 'crawl', 'crouch'] },
  { name: 'get up from kneeling', match: /^kneel_up_/, accept: ['standUp', 'getUp'] },
  { name: 'wave left hand', match: /^wave_left/, accept: ['wave'], side: 'left' },
  { name: 'wave right hand', match: /^wave_right/, accept: ['wave'], side: 'right' },
  { name: 'wave both hands', match: /^wave_both/, accept: ['wave'], side: 'both' },
  { name: 'wave', match: /^wave\d/, accept: ['wave'] },
  { name: 'bow', match: /^bow_/, accept: ['bow'] },
  { name: 'jump up', match: /^jump_up/, accept: ['jump', 'hop'] },
  { name: 'jump forward', match: /^jump_forward/, accept: ['jump', 'hop'], direction: 'forward' },
  { name: 'jump backward', match: /^jump_back/, accept: ['jump', 'hop'], direction: 'backward' },
  { name: 'jump to the left', match: /^jump_left/, accept: ['jump', 'hop'], direction: 'left' },
  { name: 'jump to the right', match: /^jump_right/, accept: ['jump', 'hop'], direction: 'right' },
  { name: 'jumping jack', match: /^jumping_jumping_jack/, accept: ['jumpingJacks'] },
  { name: 'kick left', match: /^kick(\d|_high_left|_low_left)/, accept: ['kick', 'highKick'], side: 'left' },
  { name: 'kick right', match: /^(kick_high_right|kick_low_right|KickHuefthoch)/, accept: ['kick', 'highKick'], side: 'right' },
  { name: 'punch', match: /^(punch_|punsh_|punching)/, accept: ['punch', 'combo'] },
  { name: 'throw', match: /^throw_/, accept: ['throw', 'slap'] },
  { name: 'tennis', match: /^tennis_/, accept: ['throw', 'batSwing', 'punch', 'slap'] },
  { name: 'golf', match: /^golf_/, accept: ['batSwing'] },
  { name: 'squat', match: /^(squat|Kniebeuge)/, accept: ['squat', 'crouch', 'kneel'] },
  { name: 'cartwheel', match: /^RadSchlagen/, accept: ['cartwheel'] },
  { name: 'stomp', match: /^stomp_/, accept: ['stomp', 'kick'] },
  { name: 'point', match: /^point_at/, accept: ['point', 'salute', 'stretch'] },
  { name: 'arms out (T-pose)', match: /^T[Pp]ose/, accept: ['idle', 'stretch', 'attention'] },
  { name: 'flap arms (chicken)', match: /^chicken/, accept: ['flap', 'shakeArms', 'dance'] },
  { name: 'nordic walking', match: /^nordic_walking/, accept: WALKS }
]

/**
 * Recordings left out, and why: CMU's numbered trials (`79_01`) name no movement; `Trial` (reaching for objects),
 * `evasion` (dodging), `Handstand`, `shake_hand`, `drum`, `cal` (a calisthenics sequence) and `walk_like_an_egyptian`
 * name movements the engine has no action for.
 */
export function recordingName (motion: string): string {
  return (motion.split('/').at(-1) ?? motion).replace(/_poses$/, '')
}

export function kindOfRecording (motion: string): RecordingKind | undefined {
  const name = recordingName(motion)
  return RECORDING_KINDS.find(k => k.match.test(name))
}

export function loadDevCaptions (): DevCaption[] {
  const text = readFileSync(new URL('../test/data/kitml-captions-dev.jsonl', import.meta.url), 'utf8')
  return text.split('\n').filter(l => l.trim() !== '').map(l => JSON.parse(l) as DevCaption)
}

function senseOf (a: ActionSpec): Sense | undefined {
  if (a.kind === 'turn' || a.kind === 'spin') {
    if (a.direction === 'around' && (a.degrees === undefined || Math.abs(a.degrees) === 180)) return undefined
    return a.degrees === undefined ? undefined : a.degrees < 0 ? 'right' : 'left'
  }
  if (a.direction === 'left' || a.direction === 'right') return a.direction
  return undefined
}

/** Whether the plan describes the recording: an accepted kind, and no contradicting side, sense or direction. */
export function planMatches (kind: RecordingKind, timeline: readonly TimelineEntry[]): boolean {
  const actions = timeline.flatMap(e => [e.action, ...(e.overlay === undefined ? [] : [e.overlay])])
  const hits = actions.filter(a => kind.accept.includes(a.kind))
  if (hits.length === 0) return false
  return hits.some((a) => {
    if (kind.side !== undefined && a.side !== undefined && a.side !== kind.side) return false
    if (kind.sense !== undefined) {
      const s = senseOf(a)
      if (s !== undefined && s !== kind.sense) return false
      // A curved walk must say it curves: a plain straight walk is not a turn.
      if ((a.kind === 'walk') && s === undefined) return false
    }
    if (kind.direction !== undefined && a.direction !== undefined && ['forward', 'backward', 'left', 'right', 'up'].includes(a.direction)) {
      if (kind.direction === 'up' ? false : a.direction !== kind.direction) return false
    }
    if (kind.direction === 'backward' && a.kind === 'walk' && a.direction !== 'backward') return false
    return true
  })
}

export interface KindScore { name: string, captions: number, correct: number }

export interface DevSetScore { captions: number, correct: number, kinds: KindScore[], misses: { kind: string, text: string }[] }

/** Runs every caption of a known recording kind through `plan` and scores it against its kind's expectation. */
export function scoreDevSet (captions: readonly DevCaption[], plan: (text: string) => readonly TimelineEntry[]): DevSetScore {
  const byKind = new Map<string, KindScore>()
  const misses: { kind: string, text: string }[] = []
  let total = 0
  let correct = 0
  for (const c of captions) {
    const kind = kindOfRecording(c.motion)
    if (kind === undefined) continue
    const score = byKind.get(kind.name) ?? { name: kind.name, captions: 0, correct: 0 }
    byKind.set(kind.name, score)
    score.captions++
    total++
    if (planMatches(kind, plan(c.text))) { score.correct++; correct++ } else misses.push({ kind: kind.name, text: c.text })
  }
  return { captions: total, correct, kinds: RECORDING_KINDS.flatMap(k => byKind.get(k.name) ?? []), misses }
}
