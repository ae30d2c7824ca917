// The development set of prompt understanding (test/data/kitml-captions-dev.jsonl): people's captions of recorded
// motions. Each recording's name says what was recorded; this table groups the names that mean the same and states
// the plan such a caption implies — the action kinds that describe the recording (any one of them, in the main action
// or the overlay) and the side, direction or turn it must not contradict. KIT names left and right from a viewpoint
// that a third to a half of the captions mirror (wave_left "waves with the right hand", WalkInClockwiseCircle "walks a
// circle counterclockwise"), so left and right recordings of one movement are one kind here, and the plan is held to
// the caption's own side by the labelled prompt set instead. Captions of recordings whose name
// says nothing (CMU's numbered trials) or names a movement the engine has no action for are left out, listed below.
import { readFileSync } from 'node:fs'
import type { ActionSpec, TimelineEntry } from '../src/index.js'
import type { ActionKind } from '../src/prompt/vocabulary.js'

export interface DevCaption { id: string, motion: string, seconds: number, text: string }

export interface RecordingKind {
  /** Group name, reported per kind. */
  name: string
  /** Matches the recording's name (the last part of `motion`, without `_poses`). */
  match: RegExp
  /** The plan must hold at least one of these kinds. */
  accept: readonly ActionKind[]
  /** The limb side (kicks, waves, punches...) the plan must not contradict. */
  side?: 'left' | 'right' | 'both'
  /** How the recording turns: a curve (a walk that bends, or a turn), or a full circle (a circle or a turn of 270° and more). */
  turning?: 'curve' | 'circle'
  /** A fast walk also describes the recording (KIT's walking_run captions often say "walks fast"). */
  fastWalk?: boolean
  /** The travel direction (jumps, walks) the plan must not contradict. */
  direction?: 'forward' | 'backward' | 'sideways'
}

const WALKS: readonly ActionKind[] = ['walk', 'march', 'sneak', 'limp', 'stagger', 'carry']
const PUSHES: readonly ActionKind[] = ['pushed', 'stumble', 'stagger', 'fall']

export const RECORDING_KINDS: readonly RecordingKind[] = [
  { name: 'walk forward', match: /^(WalkingStraightForwards?\d|walking_medium|walking_slow|walking_?\d|WSTR|SLPD?\d|SOFT)/, accept: [...WALKS, 'stepUp'], direction: 'forward' },
  { name: 'walk fast', match: /^walking_fast/, accept: [...WALKS, 'jog', 'run'], direction: 'forward' },
  { name: 'run', match: /^(walking_run|run)\d*$/, accept: ['run', 'jog'], fastWalk: true },
  { name: 'walk backward', match: /^WalkingStraightBackwards/, accept: ['walk', 'backstep', 'moonwalk', 'sneak'], direction: 'backward' },
  { name: 'walk, turn around, walk back', match: /^turn_(left|right)/, accept: ['turn', 'spin', 'circle'] },
  { name: 'curve (90° turn while walking)', match: /^(LeftTurn|RightTurn|bend_left|bend_right)/, accept: ['turn', 'circle', 'walk'], turning: 'curve' },
  { name: 'walk in a circle', match: /^(WalkInClockwiseCircle|WalkInCounterClockwiseCircle|WCC|WCA)/, accept: ['circle', 'turn', 'spin'], turning: 'circle' },
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
  { name: 'wave one hand', match: /^wave_(left|right)/, accept: ['wave'] },
  { name: 'wave both hands', match: /^wave_both/, accept: ['wave'], side: 'both' },
  { name: 'wave', match: /^wave\d/, accept: ['wave'] },
  { name: 'bow', match: /^bow_/, accept: ['bow'] },
  { name: 'jump up', match: /^jump_up/, accept: ['jump', 'hop'] },
  { name: 'jump forward', match: /^jump_forward/, accept: ['jump', 'hop'], direction: 'forward' },
  { name: 'jump backward', match: /^jump_back/, accept: ['jump', 'hop'], direction: 'backward' },
  { name: 'jump sideways', match: /^jump_(left|right)/, accept: ['jump', 'hop'], direction: 'sideways' },
  { name: 'jumping jack', match: /^jumping_jumping_jack/, accept: ['jumpingJacks'] },
  { name: 'kick', match: /^(kick|KickHuefthoch)/, accept: ['kick', 'highKick'] },
  { name: 'punch', match: /^(punch_|punsh_|punching)/, accept: ['punch', 'combo'] },
  { name: 'throw', match: /^throw_/, accept: ['throw', 'slap'] },
  { name: 'tennis', match: /^tennis_/, accept: ['throw', 'batSwing', 'punch', 'slap', 'tennisStroke'] },
  { name: 'golf', match: /^golf_/, accept: ['batSwing'] },
  { name: 'squat', match: /^(squat|Kniebeuge)/, accept: ['squat', 'crouch', 'kneel'] },
  { name: 'cartwheel', match: /^RadSchlagen/, accept: ['cartwheel'] },
  { name: 'handstand', match: /^Handstand/, accept: ['handstand'] },
  { name: 'stomp', match: /^stomp_/, accept: ['stomp', 'kick', 'legRaise'] },
  { name: 'point', match: /^point_at/, accept: ['point', 'salute', 'stretch'] },
  { name: 'arms out (T-pose)', match: /^T[Pp]ose/, accept: ['idle', 'stretch', 'attention'] },
  { name: 'flap arms (chicken)', match: /^chicken/, accept: ['flap', 'shakeArms', 'dance'] },
  { name: 'nordic walking', match: /^nordic_walking/, accept: WALKS }
]

/**
 * Recordings left out, and why: CMU's numbered trials (`79_01`) name no movement; `Trial` (reaching for objects),
 * `evasion` (dodging), `shake_hand`, `drum`, `cal` (a calisthenics sequence) and `walk_like_an_egyptian` name
 * movements the engine has no action for.
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

const TURNS: ReadonlySet<string> = new Set(['turn', 'spin', 'circle'])

/** Whether the plan describes the recording: an accepted kind, and no contradicting side, turn or direction. */
export function planMatches (kind: RecordingKind, timeline: readonly TimelineEntry[]): boolean {
  const actions = timeline.flatMap(e => [e.action, ...(e.overlay === undefined ? [] : [e.overlay])])
  const hits = actions.filter(a => kind.accept.includes(a.kind) || (kind.fastWalk === true && a.kind === 'walk' && a.speed > 1))
  return hits.some(a => fits(kind, a))
}

function fits (kind: RecordingKind, a: ActionSpec): boolean {
  if (kind.side !== undefined && a.side !== undefined && a.side !== kind.side) return false
  // A curve is a turn, or a walk that bends left or right; a plain straight walk is not one.
  if (kind.turning === 'curve' && !TURNS.has(a.kind) && !['left', 'right', 'diagonalLeft', 'diagonalRight'].includes(a.direction ?? '')) return false
  if (kind.turning === 'circle' && a.kind !== 'circle' && a.kind !== 'spin' && Math.abs(a.degrees ?? 0) < 270) return false
  const d = a.direction
  if (kind.direction === 'sideways') return d === undefined || d === 'left' || d === 'right' || d === 'inPlace'
  if (kind.direction === 'backward') return a.kind !== 'walk' || d === 'backward'
  if (kind.direction === 'forward') return d !== 'backward'
  return true
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
