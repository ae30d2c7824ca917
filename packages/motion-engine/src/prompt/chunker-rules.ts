// The chunker: how the clauses of a prompt, cut at the marks of clause-marks.ts, and their actions are put in time.
// Four tables, each read top to bottom; the first rule that applies decides.
//   MARK_RUNS      what two marks in a row are ("and then", ", while")
//   CLAUSE_ORDER   where each clause goes in time ("X after Y" plays Y first; "while Y, X" layers X on Y)
//   ADDED_CLAUSES  what a clause of modifiers only ("then to the left", "and the right leg") does to the one before
//   TIME_BINDINGS  where each action goes on the timeline: merged into the entry before, layered on it, or after it
// Each rule names prompts it decides, with the plan they are read into (written as chunker-rule.ts says). The four
// tables stay in one file, past 300 lines, so that they read in the order the walk (parser.ts) uses them.
import type { ChunkerRule } from './chunker-rule.js'
import type { ClauseMode } from './clause-marks.js'
import type { ActionSpec, TimelineEntry } from './plan.js'
import type { Clause, ReadClause } from './chunker-words.js'
import {
  curveOf, describesPrevious, hasOwnSpeed, hasParameters, HELD_POSTURES, isParticipleClause, isPlainStanding, isState,
  onceMore, onlyWays, otherSide, otherWay, partOfCurve, turnedAfter
} from './chunker-words.js'
import { LOCOMOTION, UPPER_BODY } from './word-groups.js'

export interface MarkRunRule extends ChunkerRule {
  /** Whether the rule takes the mark, given the clause it would end. */
  readonly applies: (open: Clause) => boolean
  /** Ends the open clause and starts one, or adds the mark to the open clause. */
  readonly cut: (clauses: Clause[], mode: ClauseMode, word: string) => void
}

export const MARK_RUNS: readonly MarkRunRule[] = [
  {
    // "and then", ", then", "and while": the marks in a row are one; a mark of time ("while", "after") wins. A mark
    // that opens the prompt ("while walking, he waves") times its first clause.
    id: 'marks in a row are one',
    applies: open => open.tokens.length === 0,
    cut: (clauses, mode, word) => {
      const open = clauses.at(-1)!
      if (mode !== 'sequence') open.mode = mode
      open.marks.push(word)
    },
    examples: [['jump, and then wave', 'jump, wave'], ['walk forward, and while walking wave', 'walk forward + wave'], ['while walking, he waves', 'walk + wave']]
  },
  {
    id: 'a mark opens a clause',
    applies: () => true,
    cut: (clauses, mode, word) => { clauses.push({ mode, tokens: [], marks: [word] }) },
    examples: [['jump and wave', 'jump, wave']]
  }
]

/** The clauses placed so far, while the clauses are put in time. */
export interface OrderState {
  readonly out: Clause[]
  /** A leading "before Y" clause, placed after the next clause. */
  held: Clause | undefined
  /** Nothing is placed yet: the clause leads the prompt. */
  leading: boolean
  /** The clause before led the prompt with "while". */
  afterLeadingWhile: boolean
  /** Set by a rule: the next clause is layered on this one. */
  layersNext: boolean
}

export interface OrderRule extends ChunkerRule {
  readonly applies: (c: Clause, s: OrderState) => boolean
  readonly place: (c: Clause, s: OrderState) => void
}

const inSequence = (c: Clause): Clause => (c.mode === 'sequence' ? c : { ...c, mode: 'sequence' })

export const CLAUSE_ORDER: readonly OrderRule[] = [
  {
    id: '"X after Y" plays Y first',
    applies: (c, s) => c.mode === 'after' && s.out.length > 0,
    place: (c, s) => { s.out.splice(s.out.length - 1, 0, inSequence(c)) },
    examples: [['jump after walking forward', 'walk forward, jump'], ['a person sits on a chair after waving', 'wave, sitChair']]
  },
  {
    id: 'a leading "after Y, X" is in order',
    applies: c => c.mode === 'after',
    place: (c, s) => { s.out.push(inSequence(c)) },
    examples: [['after walking forward, he jumps', 'walk forward, jump']]
  },
  {
    id: 'a leading "before Y, X" plays X first',
    applies: (c, s) => c.mode === 'before' && s.leading,
    place: (c, s) => { s.held = inSequence(c) },
    examples: [['before sitting on a chair, he waves', 'wave, sitChair']]
  },
  {
    id: '"X before Y" is in order',
    applies: c => c.mode === 'before',
    place: (c, s) => { s.out.push(inSequence(c)) },
    examples: [['he waves before sitting on a chair', 'wave, sitChair']]
  },
  {
    id: 'a leading "while Y" is what the next clause is layered on',
    applies: (c, s) => c.mode === 'simultaneous' && s.leading,
    place: (c, s) => { s.out.push(inSequence(c)); s.layersNext = true },
    examples: [['while walking forward, he waves', 'walk forward + wave']]
  },
  {
    id: 'the clause after a leading "while Y" is layered on it',
    applies: (c, s) => c.mode === 'sequence' && s.afterLeadingWhile,
    place: (c, s) => { s.out.push({ ...c, mode: 'simultaneous' }) },
    examples: [['while standing still, she claps', 'clap']]
  },
  {
    id: 'every other clause goes where its mark puts it',
    applies: () => true,
    place: (c, s) => { s.out.push(c) },
    examples: [['jump, then wave', 'jump, wave']]
  }
]

/** A clause of modifiers only ("then to the left"), the clause before it and the two read as one clause. */
export interface AddedClause {
  readonly clause: Clause
  /** The last action of the clause before. */
  readonly before: ActionSpec
  /** The last action of the two clauses read as one ("walks forward, then backward" read as "walks forward then backward"). */
  readonly merged: ActionSpec | undefined
}

export interface AddedClauseRule extends ChunkerRule {
  /** The movement before, made again as the clause says; undefined when the rule does not apply. */
  readonly again: (a: AddedClause) => ActionSpec | undefined
  /** A count in the clause counts the movement made again ("two to the right"). */
  readonly countsAgain: boolean
}

/**
 * Tried in order on a clause with no action word and nothing to note of its own that follows a clause with one.
 * When none makes the movement again, ADDS_TO_CLAUSE_BEFORE reads it with the clause before.
 */
export const ADDED_CLAUSES: readonly AddedClauseRule[] = [
  {
    id: 'the other hand or foot is the movement again with it',
    again: a => otherSide(a.before, a.clause.tokens),
    countsAgain: false,
    examples: [['kick with the right leg, then the left', 'kick with right, kick with left'], ['hop on the right foot, then on the left one', 'hop with right, hop with left']]
  },
  {
    id: 'another level way is the movement again that way',
    again: a => (onlyWays(a.clause.tokens) ? otherWay(a.before, a.merged) : undefined),
    countsAgain: true,
    examples: [['walks forward, then backward', 'walk forward, walk backward'], ['jump three times to the left, then twice to the right', 'jump left ×3, jump right ×2']]
  },
  {
    id: '"again" is the movement once more',
    again: a => (onlyWays(a.clause.tokens) ? onceMore(a.clause, a.merged) : undefined),
    countsAgain: true,
    examples: [['jump, and again', 'jump, jump'], ['wave twice, then again', 'wave ×2, wave ×2']]
  }
]

/** When no rule of ADDED_CLAUSES makes the movement again, the clause is read with the clause before it, as one. */
export const ADDS_TO_CLAUSE_BEFORE: ChunkerRule = {
  id: 'any other clause of modifiers adds to the clause before',
  examples: [['runs in a full circle, clockwise', 'circle right 360°'], ['jumps forward and up', 'jump forward']]
}

/** What the walk knows of an action of a clause when it places it on the timeline. */
export interface Placing {
  readonly timeline: TimelineEntry[]
  readonly clause: ReadClause
  /** The action's place in its clause. */
  readonly i: number
  readonly action: ActionSpec
  /** The clause's notes of words read by meaning, for the entry the action makes. */
  readonly note: { understood?: string }
  /** The last entry of the timeline. */
  readonly prev: TimelineEntry | undefined
  /** Said to happen at the same time as the action before: opened by "while", or a second action word of a clause. */
  readonly layered: boolean
  /** Said again ("jump, then jump again"): not the same movement named twice. */
  readonly repeat: boolean
}

export interface TimeRule extends ChunkerRule {
  readonly applies: (p: Placing) => boolean
  readonly apply: (p: Placing) => void
  /** The rule places (or drops) the action; otherwise it only changes the action or the one before, and the rules after it still see the action. */
  readonly places: boolean
}

// The entry before, with nothing layered on it yet.
const bare = (p: Placing): p is Placing & { prev: TimelineEntry } => p.prev !== undefined && p.prev.overlay === undefined
const layeredOnBare = (p: Placing): p is Placing & { prev: TimelineEntry } => p.layered && bare(p)

export const TIME_BINDINGS: readonly TimeRule[] = [
  {
    // Standing is the state every standing movement is made in, not a rest before or after it.
    id: 'standing at the same time is how the movement is made',
    applies: p => p.layered && p.prev !== undefined && isPlainStanding(p.action),
    apply: () => {},
    places: true,
    examples: [['waves while standing', 'wave'], ['claps while standing', 'clap']]
  },
  {
    id: 'a movement made while standing still takes the standing\'s place and time',
    applies: p => layeredOnBare(p) && isState(p.prev.action) && (p.prev.action.durationSeconds === undefined || p.action.durationSeconds === undefined),
    apply: p => {
      const standingFor = p.prev!.action.durationSeconds
      const duration = standingFor === undefined || p.action.count !== undefined ? {} : { durationSeconds: standingFor }
      p.timeline[p.timeline.length - 1] = { action: { ...p.action, ...duration, emotion: p.prev!.action.emotion }, ...p.note }
    },
    places: true,
    examples: [['stands still for 5 seconds while waving', 'wave 5 s'], ['a standing person claps', 'clap']]
  },
  {
    id: 'the steps or the turn of a curve are the curve',
    applies: p => layeredOnBare(p) && partOfCurve(p.prev.action, p.action),
    apply: () => {},
    places: true,
    examples: [['walk in a quarter circle to the left while taking steps', 'circle left 90°'], ['walking in a left curve while turning 90 degrees', 'circle left 90°']]
  },
  {
    id: 'a gait and a turn at the same time are one curve',
    applies: p => layeredOnBare(p) && !turnedAfter(p.clause, p.i, p.action) && curveOf(p.prev.action, p.action) !== undefined,
    apply: p => {
      const prev = p.prev!
      const note = prev.understood === undefined ? p.note : { understood: prev.understood }
      p.timeline[p.timeline.length - 1] = { action: curveOf(prev.action, p.action)!, ...note }
    },
    places: true,
    examples: [['walks forward while turning to the left', 'circle left 90°'], ['turns right while running', 'circle right -90°']]
  },
  {
    // The posture flow plays the gesture over the held posture.
    id: 'a gesture made while sitting, kneeling or crouching is made after taking the posture',
    applies: p => layeredOnBare(p) && UPPER_BODY.has(p.prev.action.kind) && HELD_POSTURES.has(p.action.kind) && !hasParameters(p.action),
    apply: p => { p.timeline.splice(p.timeline.length - 1, 0, { action: { ...p.action, emotion: p.prev!.action.emotion }, ...p.note }) },
    places: true,
    examples: [['waves while sitting', 'sitDown, wave'], ['a man claps while kneeling', 'kneel, clap']]
  },
  {
    id: 'an upper-body movement at the same time as a gait is played over it',
    applies: p => layeredOnBare(p) && LOCOMOTION.has(p.prev.action.kind) && UPPER_BODY.has(p.action.kind),
    apply: p => { p.prev!.overlay = p.action },
    places: true,
    examples: [['walk while waving', 'walk + wave'], ['walk forward waving', 'walk forward + wave']]
  },
  {
    id: 'a gait at the same time as an upper-body movement carries it',
    applies: p => layeredOnBare(p) && UPPER_BODY.has(p.prev.action.kind) && LOCOMOTION.has(p.action.kind),
    apply: p => {
      const prev = p.prev!
      p.timeline[p.timeline.length - 1] = { action: { ...p.action, emotion: prev.action.emotion }, overlay: prev.action, ...p.note }
    },
    places: true,
    examples: [['waves while walking forward', 'walk forward + wave'], ['claps as he runs', 'run + clap']]
  },
  {
    // After a comma or "and", the -ing form of the movement before describes it unless it counts, times or sends it.
    id: 'a participle clause of the movement before describes it',
    applies: p => !p.repeat && p.i === 0 && p.clause.mode === 'sequence' && isParticipleClause(p.clause) && bare(p) && describesPrevious(p.prev.action, p.action),
    apply: p => {
      const prev = p.prev!.action
      if (p.action.side !== undefined) prev.side = p.action.side
      if (prev.speed === 1 && p.action.speed !== 1) prev.speed = p.action.speed
    },
    places: true,
    examples: [['jumps to the left, jumping off and landing with two feet', 'jump left with both'], ['walks a quarter circle to the left, taking four steps', 'circle left 90°']]
  },
  {
    id: 'the same movement named twice is one',
    applies: p => !p.repeat && bare(p) && p.prev.action.kind === p.action.kind && !hasParameters(p.action) && !hasOwnSpeed(p.prev.action, p.action),
    apply: () => {},
    places: true,
    examples: [['raise your hands and cheer', 'cheer'], ['walk slowly, then walk', 'walk speed 0.7']]
  },
  {
    id: 'standing up after lying or falling is getting up from the floor',
    applies: p => p.prev !== undefined && p.action.kind === 'standUp' && (p.prev.action.kind === 'lieDown' || p.prev.action.kind === 'fall' || p.prev.action.fall === true),
    apply: p => { p.action.kind = 'getUp' },
    places: false,
    examples: [['lies down, then gets up', 'lieDown down, getUp'], ['falls and stands up', 'fall, getUp up']]
  },
  {
    id: 'a push followed by a fall knocks the person down',
    applies: p => p.prev !== undefined && p.prev.action.kind === 'pushed' && p.action.kind === 'fall',
    apply: p => { p.prev!.action.fall = true },
    places: true,
    examples: [['is pushed and falls', 'pushed falls']]
  },
  {
    id: 'a turn of no angle before walking back is a half turn',
    applies: p => p.prev !== undefined && p.prev.action.kind === 'turn' && Math.abs(p.prev.action.degrees ?? 0) === 90 && p.prev.action.direction === undefined &&
      p.action.direction === 'backward' && LOCOMOTION.has(p.action.kind),
    apply: p => { p.prev!.action.degrees = 180 },
    places: false,
    examples: [['turns and walks back', 'turn 180°, walk']]
  },
  {
    id: '"back" after a half turn is the way home, walked facing forward',
    applies: p => p.prev !== undefined && p.prev.action.kind === 'turn' && Math.abs(p.prev.action.degrees ?? 0) >= 150 && p.action.direction === 'backward' &&
      LOCOMOTION.has(p.action.kind),
    apply: p => { delete p.action.direction },
    places: false,
    examples: [['turns around and walks back', 'turn around 180°, walk'], ['a person walks forward, then turns and walks back', 'walk forward, turn 180°, walk']]
  },
  {
    id: 'every other action comes after the one before',
    applies: () => true,
    apply: p => { p.timeline.push({ action: p.action, ...p.note }) },
    places: true,
    examples: [['jump, then wave', 'jump, wave']]
  }
]
