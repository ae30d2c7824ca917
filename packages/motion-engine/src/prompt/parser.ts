// Prompt → plan: a timeline of actions and notes of how it was understood. The NLP library reads the words
// (lexer.ts); clauses are split on "then"/"and"/"before"/commas (in order), "after" (reversed) and "while"/"as"
// (layered); each clause is read by clause.ts.
import { GOES_AGAIN, HOLDS_GESTURE, STEPPING } from '../movements/registry.js'
import { parseClause } from './clause.js'
import { PACES } from './path-shapes.js'
import { LOCOMOTION, UPPER_BODY } from './word-groups.js'
import type { ClauseParse, ClauseToken } from './clause.js'
import { lex } from './lexer.js'
import type { ClauseMode, Token } from './lexer.js'
import type { NlpReader } from './nlp-reader.js'
import type { ActionSpec, PromptPlan, Side, TimelineEntry } from './plan.js'
import { DETERMINERS, DIRECTIONS, NUMBER_WORDS, REPEAT_WORDS } from './vocabulary.js'
import type { Emotion } from './vocabulary.js'

export type { ActionSpec, PromptPlan, Side, TimelineEntry } from './plan.js'

/** `marks`: the words and punctuation that opened the clause ("then", ","). */
interface Clause { mode: ClauseMode, tokens: ClauseToken[], marks: string[] }

function splitClauses (tokens: Token[]): Clause[] {
  const clauses: Clause[] = [{ mode: 'sequence', tokens: [], marks: [] }]
  for (const t of tokens) {
    if (t.type === 'separator') {
      const last = clauses[clauses.length - 1]!
      // "and then", ", then", "and while": consecutive separators collapse; a simultaneous or "after" marker wins.
      if (last.tokens.length === 0) {
        last.mode = t.mode === 'sequence' ? last.mode : t.mode
        last.marks.push(t.word)
      } else clauses.push({ mode: t.mode, tokens: [], marks: [t.word] })
    } else {
      clauses[clauses.length - 1]!.tokens.push(t)
    }
  }
  return clauses.filter(c => c.tokens.length > 0)
}

function hasParameters (a: ActionSpec): boolean {
  return a.count !== undefined || a.durationSeconds !== undefined || a.distance !== undefined || a.direction !== undefined || a.side !== undefined
}

/** The action says a speed, and another than the one before it ("walk slowly, then walk fast"). */
function hasOwnSpeed (prev: ActionSpec, action: ActionSpec): boolean {
  return action.speed !== 1 && action.speed !== prev.speed
}

/**
 * The clause opens with a verb's -ing form after a comma or "and" ("jumps to the left, jumping off with both feet"),
 * not after a word of order ("walks slowly, then walking fast" is two walks).
 */
function isParticipleClause (clause: Clause): boolean {
  const first = clause.tokens.find(t => t.type === 'word')
  return first?.type === 'word' && first.pos === 'verb' && first.text.endsWith('ing') &&
    clause.marks.length > 0 && clause.marks.every(mark => mark === 'and' || /^[,;.:!?]+$/.test(mark))
}

/**
 * A participle clause right after the same movement describes that movement ("jumps to the left, jumping off and
 * landing with two feet" is one jump): it is the same one unless it says how many, how long, how far or a way of
 * its own (a speed other than the movement's included). What it adds (a side, a speed) goes to the movement.
 */
function describesPrevious (prev: ActionSpec, action: ActionSpec): boolean {
  if (partOfCurve(prev, action)) return true
  return prev.kind === action.kind && action.count === undefined && action.durationSeconds === undefined && action.distance === undefined &&
    action.degrees === undefined && (action.direction === undefined || action.direction === prev.direction) &&
    (action.side === undefined || prev.side === undefined || action.side === prev.side) &&
    (prev.speed === 1 || !hasOwnSpeed(prev, action))
}

// The words of a clause that only names a way ("then to the left", "and back"); "stops right before" is more.
const WAY_FILLERS: ReadonlySet<string> = new Set([...DETERMINERS, 'to', 'then', 'again', 'and', 'side', 'direction', 'towards', 'toward', 'same', 'way',
  'times'])

function onlyWays (tokens: readonly ClauseToken[]): boolean {
  return tokens.every(t => t.type === 'number' || (t.type === 'word' && (DIRECTIONS[t.text] !== undefined || WAY_FILLERS.has(t.text) || wayCount(t.text) !== undefined)))
}

/** A word that counts a clause of ways ("two back", "twice to the right"); "a", "an" and "half" are no count there. */
function wayCount (word: string): number | undefined {
  return REPEAT_WORDS[word] ?? (word === 'a' || word === 'an' || word === 'half' ? undefined : NUMBER_WORDS[word])
}

/** "one back", "2 to the left": how many the clause of ways asks for, instead of the movement's own count. */
function countIn (tokens: readonly ClauseToken[]): number | undefined {
  for (const t of tokens) {
    const count = t.type === 'number' ? t.value : wayCount(t.text)
    if (count !== undefined) return count
  }
  return undefined
}

const LEVEL_WAYS: ReadonlySet<string> = new Set(['forward', 'backward', 'left', 'right', 'diagonalLeft', 'diagonalRight'])
// "one step forward, two to the right": a step sent sideways or back is still the same stepping.
const STEPS: ReadonlySet<string> = STEPPING
// Movements that go a way and can go it again another way ("looks left, then right" is two looks).
const TRAVELS: ReadonlySet<string> = GOES_AGAIN

/**
 * The movement before, sent another way by a clause of modifiers ("walks forward, then backward", "turn left and
 * right"); undefined when the clause only adds to it ("runs in a full circle, clockwise", "jumps forward and up").
 */
function otherWay (before: ActionSpec, merged: ActionSpec | undefined): ActionSpec | undefined {
  const sameMovement = merged !== undefined && (merged.kind === before.kind || (STEPS.has(merged.kind) && STEPS.has(before.kind)))
  if (merged === undefined || !sameMovement) return undefined
  const [was, now] = [before.direction, merged.direction]
  return TRAVELS.has(before.kind) && was !== undefined && now !== undefined && was !== now && LEVEL_WAYS.has(was) && LEVEL_WAYS.has(now) ? merged : undefined
}

/** "jump, then jump again", "and again": the clause asks for the movement once more, not for the one before it. */
function saysAgain (clause: Clause): boolean {
  return clause.tokens.some(t => t.type === 'word' && t.text === 'again')
}

/**
 * "jump, and again", "wave twice, then again": the movement before, once more (as the clause may send it level);
 * "steps up and down again" goes back, it does not step twice.
 */
function onceMore (clause: Clause, merged: ActionSpec | undefined): ActionSpec | undefined {
  const level = merged?.direction === undefined || LEVEL_WAYS.has(merged.direction)
  return saysAgain(clause) && merged !== undefined && level && !isState(merged) ? { ...merged } : undefined
}

/**
 * A gait and a turn to one side made at the same time: the gait along a circle to that side, for the turn's angle.
 * The gait keeps its speed and manner; a count, a length or a distance of its own leaves the two in sequence.
 */
function curveOf (a: ActionSpec, b: ActionSpec): ActionSpec | undefined {
  const [gait, turn] = a.kind === 'turn' ? [b, a] : [a, b]
  const pace = PACES[gait.kind]
  // "walks to the left in a quarter circle": the way the walk goes is the way the curve turns, when the turn has none.
  const sideOfGait = turn.direction === undefined && (gait.direction === 'left' || gait.direction === 'right') ? gait.direction : undefined
  const side = sideOfGait ?? turn.direction
  if (turn.kind !== 'turn' || pace === undefined || (side !== 'left' && side !== 'right') || hasParameters({ ...gait, direction: undefined })) return undefined
  if (sideOfGait === undefined && gait.direction !== undefined && gait.direction !== 'forward') return undefined
  const degrees = Math.abs(turn.degrees ?? 90)
  return { kind: 'circle', speed: gait.speed, emotion: gait.emotion, gait: pace, direction: side, degrees: side === 'left' ? degrees : -degrees }
}

// Verbs a turn is made with apart from the gait ("takes a 180 degree turn", "turn right"; a participle, "turning",
// is made while walking), and words of a path walked.
const TURN_VERBS: ReadonlySet<string> = new Set(['turn', 'turns', 'turned', 'take', 'takes', 'took', 'make', 'makes', 'made'])
const TURN_NOUN_AFTER: ReadonlySet<string> = new Set(['a', 'an', 'the', 'degree', 'degrees', 'left', 'right', 'full', 'whole'])
const ARC_WORDS: ReadonlySet<string> = new Set(['while', 'circle', 'curve', 'arc', 'bend', 'half', 'quarter', 'u', 'uturn'])

/**
 * "walks forward, takes a 180 degree turn to the left and keeps on walking", said without a comma: a half turn or
 * more with a verb of its own, in the clause of a walk but not said to be made while walking, is made after the
 * walk, not along an arc ("walks a 180 degree turn", "a left u-turn while walking" are arcs).
 */
function turnedAfter (clause: Clause, i: number, action: ActionSpec): boolean {
  if (i === 0 || clause.mode === 'simultaneous' || action.kind !== 'turn' || Math.abs(action.degrees ?? 0) < 180) return false
  const words = clause.tokens.map(t => (t.type === 'word' ? t.text : ''))
  // "a 180 degree turn" is the noun, the turn walked.
  const nounAt = (k: number) => words[k] === 'turn' && (clause.tokens[k - 1]?.type === 'number' || TURN_NOUN_AFTER.has(words[k - 1] ?? ''))
  const verbAt = (k: number) => TURN_VERBS.has(words[k]!) && !nounAt(k)
  return words.some((_, k) => verbAt(k)) && !words.some(w => ARC_WORDS.has(w))
}

/**
 * What a clause beside a curve says about the curve itself: its steps ("walks a quarter circle, taking four steps")
 * or its turn ("walking in a left curve, doing a 90 degree turn").
 */
function partOfCurve (curve: ActionSpec, action: ActionSpec): boolean {
  if (curve.kind !== 'circle' || curve.degrees === undefined || curve.count !== undefined) return false
  if (action.kind === 'turn') return action.count === undefined && Math.abs(action.degrees ?? curve.degrees) === Math.abs(curve.degrees)
  return PACES[action.kind] === curve.gait && action.direction === undefined && action.distance === undefined && action.durationSeconds === undefined
}

/** Postures a gesture can be made in, held under it (see the posture flow). */
const HELD_POSTURES: ReadonlySet<string> = HOLDS_GESTURE

/** Standing, for no time of its own ("while standing"): the state every standing movement is made in. */
function isPlainStanding (action: ActionSpec): boolean {
  return isState(action) && action.durationSeconds === undefined
}

/** Standing still is a state: "comes to rest again" goes back to it, it is no second rest. */
function isState (action: ActionSpec): boolean {
  return action.kind === 'idle'
}

// The words of a clause that only names the other hand or foot ("then with the left one", "and the right leg").
const SIDE_FILLERS: ReadonlySet<string> = new Set([...DETERMINERS, 'with', 'on', 'using', 'one', 'then', 'and', 'again', 'hand', 'arm', 'fist', 'foot', 'leg'])

/**
 * "kick with the right leg, then the left", "hop on the right foot, then on the left": a clause that only names the
 * other side is the movement before, made with that hand or foot.
 */
function otherSide (before: ActionSpec, tokens: readonly ClauseToken[]): ActionSpec | undefined {
  const sides = tokens.flatMap((t): Side[] => (t.type === 'word' && (t.text === 'left' || t.text === 'right') ? [t.text] : []))
  const onlySide = tokens.every(t => t.type === 'word' && (t.text === 'left' || t.text === 'right' || SIDE_FILLERS.has(t.text)))
  if (!onlySide || sides.length !== 1 || before.side === undefined || before.side === 'both' || before.side === sides[0]) return undefined
  return { ...before, side: sides[0]! }
}

/**
 * "X after Y" happens as "Y, then X"; a leading "after Y, X" is already in order. A leading "before Y, X" happens as
 * "X, then Y"; "X before Y" is in order. A leading "while Y, X" is "Y, with X at the same time".
 */
function ordered (clauses: Clause[]): Clause[] {
  const out: Clause[] = []
  let held: Clause | undefined
  let alongside = false
  for (const c of clauses) {
    const leading = out.length === 0 && held === undefined
    let mode = c.mode
    if (mode === 'after' || mode === 'before' || (leading && mode === 'simultaneous')) mode = 'sequence'
    else if (alongside && mode === 'sequence') mode = 'simultaneous'
    alongside = leading && c.mode === 'simultaneous'
    const step: Clause = mode === c.mode ? c : { ...c, mode }
    if (c.mode === 'after' && out.length > 0) out.splice(out.length - 1, 0, step)
    else if (c.mode === 'before' && leading) held = step
    else out.push(step)
    if (held !== undefined && out.length > 0) { out.push(held); held = undefined }
  }
  if (held !== undefined) out.push(held)
  return out
}

/** The words after a leading "like" and its article ("like a robot": "robot"). */
function withoutLike (tokens: readonly ClauseToken[]): readonly ClauseToken[] {
  const word = (i: number) => { const t = tokens[i]; return t?.type === 'word' ? t.text : undefined }
  if (word(0) !== 'like') return tokens
  return tokens.slice(word(1) === 'a' || word(1) === 'an' ? 2 : 1)
}

/**
 * Reads a prompt into its plan. Unlisted verbs are read by meaning (WordNet), words that are not English by
 * spelling; negated actions are left out. The timeline is empty only when nothing in it is a movement (the
 * engine's 494), and reading never throws.
 */
export function planPrompt (prompt: string, reader?: NlpReader): PromptPlan {
  const parsed: (ClauseParse & Clause)[] = []
  const clauses = ordered(splitClauses(lex(prompt, reader)))
  for (const c of clauses) {
    const prev = parsed.at(-1)
    // A "like a ..." clause is the manner of the clause before; a prompt of nothing else ("like a robot") names the movement.
    const own = parseClause(clauses.length === 1 ? withoutLike(c.tokens) : c.tokens, 'neutral')
    // A clause of modifiers only ("runs in a full circle, clockwise") belongs to the clause before it, unless it sends
    // the movement another way ("walks forward, then backward"): then it is that movement again, that way.
    if (own.actions.length === 0 && own.notes.length === 0 && prev !== undefined && prev.actions.length > 0) {
      const tokens = [...prev.tokens, ...c.tokens]
      const merged = parseClause(tokens, 'neutral')
      const sided = otherSide(prev.actions.at(-1)!, c.tokens)
      const again = sided ?? (onlyWays(c.tokens) ? otherWay(prev.actions.at(-1)!, merged.actions.at(-1)) ?? onceMore(c, merged.actions.at(-1)) : undefined)
      // "then the left one": "one" is the foot, no count.
      const count = sided === undefined ? countIn(c.tokens) : undefined
      if (again !== undefined && count !== undefined) again.count = count
      // The repeat keeps the words it was read from, so a next clause of ways reads the movement again too.
      if (again !== undefined) parsed.push({ ...c, tokens, actions: [again], emotion: merged.emotion, notes: [] })
      else parsed[parsed.length - 1] = { mode: prev.mode, marks: prev.marks, tokens, ...merged }
    } else parsed.push({ ...c, ...own })
  }
  let emotion: Emotion = parsed.map(p => p.emotion).find(e => e !== undefined) ?? 'neutral'
  const timeline: TimelineEntry[] = []
  const understood: string[] = []
  for (const clause of parsed) {
    if (clause.emotion !== undefined) emotion = clause.emotion
    understood.push(...clause.notes)
    const mapped = clause.notes.filter(n => n.includes(' read as '))
    for (const [i, spec] of clause.actions.entries()) {
      const action = clause.emotion === undefined ? { ...spec, emotion } : spec
      const note = mapped.length > 0 && i === 0 ? { understood: mapped.join('; ') } : {}
      const prev = timeline[timeline.length - 1]
      const layered = (i === 0 && clause.mode === 'simultaneous') || i > 0
      // "waves while standing", "while standing still, she claps": standing is how the movement is made, not a rest
      // before or after it.
      if (layered && prev !== undefined && isPlainStanding(action)) continue
      // "stands still for 5 seconds while waving": the wave, for those 5 seconds.
      const standingFor = prev?.action.durationSeconds
      const atMostOneTimed = standingFor === undefined || action.durationSeconds === undefined
      if (layered && prev !== undefined && prev.overlay === undefined && isState(prev.action) && atMostOneTimed) {
        const duration = standingFor === undefined || action.count !== undefined ? {} : { durationSeconds: standingFor }
        timeline[timeline.length - 1] = { action: { ...action, ...duration, emotion: prev.action.emotion }, ...note }
        continue
      }
      // "walks forward while turning to the left", "turns right while running": one curve, the turn's angle of a circle.
      if (layered && prev !== undefined && prev.overlay === undefined && partOfCurve(prev.action, action)) continue
      const curve = layered && prev !== undefined && prev.overlay === undefined && !turnedAfter(clause, i, action) ? curveOf(prev.action, action) : undefined
      if (curve !== undefined && prev !== undefined) {
        timeline[timeline.length - 1] = { action: curve, ...(prev.understood === undefined ? note : { understood: prev.understood }) }
        continue
      }
      // "waves while sitting": seated first, then the wave, which the posture flow plays over the held posture.
      if (layered && prev !== undefined && prev.overlay === undefined && UPPER_BODY.has(prev.action.kind) && HELD_POSTURES.has(action.kind) &&
        !hasParameters(action)) {
        timeline.splice(timeline.length - 1, 0, { action: { ...action, emotion: prev.action.emotion }, ...note })
        continue
      }
      if (layered && prev !== undefined && prev.overlay === undefined) {
        if (LOCOMOTION.has(prev.action.kind) && UPPER_BODY.has(action.kind)) { prev.overlay = action; continue }
        if (UPPER_BODY.has(prev.action.kind) && LOCOMOTION.has(action.kind)) {
          timeline[timeline.length - 1] = { action: { ...action, emotion: prev.action.emotion }, overlay: prev.action, ...note }
          continue
        }
      }
      const repeat = i === 0 && saysAgain(clause) && !isState(action)
      if (!repeat && i === 0 && clause.mode === 'sequence' && isParticipleClause(clause) && prev !== undefined && prev.overlay === undefined &&
        describesPrevious(prev.action, action)) {
        if (action.side !== undefined) prev.action.side = action.side
        if (prev.action.speed === 1 && action.speed !== 1) prev.action.speed = action.speed
        continue
      }
      // "raise your hands and cheer": one movement named twice; "walk slowly, then walk fast" is two, at their speeds.
      if (!repeat && prev !== undefined && prev.overlay === undefined && prev.action.kind === action.kind && !hasParameters(action) &&
        !hasOwnSpeed(prev.action, action)) continue
      // "lies down, then gets up": up from the floor, not from standing.
      if (prev !== undefined && action.kind === 'standUp' && (prev.action.kind === 'lieDown' || prev.action.kind === 'fall' || prev.action.fall === true)) {
        action.kind = 'getUp'
      }
      // "is pushed and falls": the push knocks the person down.
      if (prev !== undefined && prev.action.kind === 'pushed' && action.kind === 'fall') { prev.action.fall = true; continue }
      // "turns and walks back": a turn with no angle before walking back is a half turn.
      if (prev !== undefined && prev.action.kind === 'turn' && Math.abs(prev.action.degrees ?? 0) === 90 && prev.action.direction === undefined &&
        action.direction === 'backward' && LOCOMOTION.has(action.kind)) prev.action.degrees = 180
      // "turns around and walks back": after a half turn, "back" is the way home, walked facing forward.
      if (prev !== undefined && prev.action.kind === 'turn' && Math.abs(prev.action.degrees ?? 0) >= 150 && action.direction === 'backward' &&
        LOCOMOTION.has(action.kind)) delete action.direction
      timeline.push({ action, ...note })
    }
  }
  return { timeline, understood }
}

/** The plan's timeline (see planPrompt). */
export function parsePrompt (prompt: string, reader?: NlpReader): TimelineEntry[] {
  return planPrompt(prompt, reader).timeline
}
