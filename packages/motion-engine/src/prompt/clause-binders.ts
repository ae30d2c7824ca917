// The modifier binders of the clause reader (clause.ts): each takes the word under the reader and binds what it says
// (a count, a side, a direction, a manner, a negation, the action itself) to the action word it belongs to, or
// declines it. The reader offers every word to the binders in the order of BINDERS, top to bottom; the first that
// binds it ends the word. A word no binder takes adds nothing. Each binder names prompts it reads, with their plans;
// test/clause-binders.test.ts plans each and checks that the binder took part.
import type { PlanExample } from './chunker-rule.js'
import type { Found, Mods, Word } from './found.js'
import type { Side } from './plan.js'
import {
  actionAt, alternativeAt, alternativeModifierAfter, GAITS, HOLDING, isCountable, LEADING, likeBefore,
  likenedTo, LIMB_MOVES, modifierClass, negatedAt, negatedModifierAfter, NEGATORS, neighbours, numberJustBefore,
  ONE_AS_PRONOUN_AFTER, PART_OWNERS, PEOPLE, sideWord, TURN_FRACTIONS, TURN_NOUNS, turnNounAfterArticle, UNIT_METRES,
  UNIT_SECONDS
} from './clause-words.js'
import type { ClauseToken } from './clause-words.js'
import { DETERMINERS, DIRECTIONS, EMOTIONS, NUMBER_WORDS, REPEAT_WORDS, SPEEDS, VERB_SPEEDS } from './vocabulary.js'
import type { ActionKind, Emotion } from './vocabulary.js'
import { BODY_PARTS, LIMB_WORDS, LOCOMOTION } from './word-groups.js'

/** What the reader has gathered of a clause so far; the binders add to it. */
export interface ClauseState {
  readonly tokens: readonly ClauseToken[]
  /** Each token's text ('' for a number). */
  readonly words: readonly string[]
  readonly found: Found[]
  readonly notes: string[]
  /** What is said before the first action word: that action's. */
  readonly pre: Mods
  emotion: Emotion | undefined
  speed: number
  very: boolean
  /** A number waiting for what it counts ("three" of "three times", "three steps"). */
  pendingNumber: number | undefined
  /** What is said right before an action word, for that word ("a left turn"). */
  nextMods: Mods | undefined
  /** Tokens a negator or an "or" refuses, each with the reason. */
  readonly ignored: Map<number, string>
  /** The word is a second body part counted ("two hands"): both sides. */
  bothParts: boolean
  readonly hasWord: (...w: string[]) => boolean
}

/** The word under the reader and its neighbours. */
export interface At {
  readonly i: number
  readonly t: Word
  readonly w: string
  readonly nextWord: Word | undefined
  readonly prevWord: string | undefined
}

export interface Binder {
  /** `count`, `side`, `direction`, `manner`, `negation`, `action`, then what the binder reads. */
  readonly id: string
  /** Prompts the binder reads, each with its plan (written as chunker-rule.ts says). */
  readonly examples: readonly PlanExample[]
  /** Binds the word and answers true, or answers false to hand it to the next binder. */
  readonly bind: (s: ClauseState, at: At) => boolean
}

/** The modifiers of the last action word, or of the first one to come. */
export const modsOf = (s: ClauseState): Mods => s.found.at(-1)?.mods ?? s.pre

// "a full turn", "a 180 degree turn", "a left curve": a modifier right before an action word is that word's, and
// so is one before its angle ("a right 90 degree curve").
function modsBefore (s: ClauseState, i: number): Mods {
  const angle = s.tokens[i + 1]?.type === 'number' && ['degree', 'degrees', 'deg'].includes(s.words[i + 2] ?? '')
  return actionAt(s.tokens, angle ? i + 3 : i + 1) !== undefined ? (s.nextMods ??= {}) : modsOf(s)
}

const pushedIn = (s: ClauseState) => s.found.some(f => f.kind === 'pushed')

export const BINDERS: readonly Binder[] = [
  {
    // "not the right one", "left or right": the way refused or offered as an alternative is read as nothing. Marks
    // the modifier after the word; binds nothing itself.
    id: 'negation: a refused or alternative modifier',
    examples: [['kick with the right leg, not the left', 'kick with right'], ['turn left or right', 'turn left 90°']],
    bind: (s, { i, w }) => {
      const offered = w === 'or' ? alternativeModifierAfter(s.tokens, i) : NEGATORS.has(w) ? negatedModifierAfter(s.tokens, i) : undefined
      if (offered !== undefined) s.ignored.set(offered, w === 'or' ? 'an alternative ("or")' : 'negated')
      return false
    }
  },
  {
    id: 'count: "one" standing for a hand or foot',
    examples: [['wave with the right one', 'wave with right'], ['kick with the left one', 'kick with left']],
    bind: (_s, { w, prevWord }) => w === 'one' && prevWord !== undefined && ONE_AS_PRONOUN_AFTER.has(prevWord)
  },
  // "half a minute": the article belongs to the half.
  {
    id: 'count: the article of "half a"',
    examples: [['turns half a circle', 'turn 180°']],
    bind: (_s, { w, prevWord }) => (w === 'a' || w === 'an') && prevWord === 'half'
  },
  {
    id: 'count: the people who move are not counted',
    examples: [['two people wave', 'wave'], ['three kids jump twice', 'jump ×2']],
    bind: (s, { w }) => {
      if (!PEOPLE.has(w)) return false
      s.pendingNumber = undefined
      return true
    }
  },
  {
    id: 'count: a number word',
    examples: [['walk three steps', 'walk ×3'], ['jump two times', 'jump ×2']],
    bind: (s, { i, w, nextWord, prevWord }) => {
      if (NUMBER_WORDS[w] === undefined || !(w !== 'a' && w !== 'an' ? true : nextWord !== undefined && isCountable(nextWord))) return false
      // "two dozen", "half a dozen": so many dozens.
      const dozens = w === 'dozen' && s.pendingNumber !== undefined && (numberJustBefore(s.tokens, i) || prevWord === 'a') ? s.pendingNumber : 1
      s.pendingNumber = NUMBER_WORDS[w]! * dozens
      if (TURN_FRACTIONS[w] !== undefined && nextWord !== undefined && TURN_NOUNS.test(nextWord.lemma)) modsBefore(s, i).degrees = TURN_FRACTIONS[w]
      else if (TURN_FRACTIONS[w] !== undefined && turnNounAfterArticle(s.tokens, i)) modsOf(s).degrees = TURN_FRACTIONS[w]
      return true
    }
  },
  {
    id: 'direction: a fraction of a turn ("a quarter turn", "half a circle")',
    examples: [['makes a quarter turn', 'turn 90°'], ['walks a full circle', 'circle 360°']],
    bind: (s, { i, w, nextWord }) => {
      if (TURN_FRACTIONS[w] === undefined) return false
      if (nextWord !== undefined && TURN_NOUNS.test(nextWord.text)) { modsBefore(s, i).degrees = TURN_FRACTIONS[w]; return true }
      if (turnNounAfterArticle(s.tokens, i)) { modsOf(s).degrees = TURN_FRACTIONS[w]; return true }
      return false
    }
  },
  {
    id: 'count: a repeat word ("twice")',
    examples: [['jump twice', 'jump ×2'], ['a person waves once', 'wave ×1']],
    bind: (s, { w }) => {
      if (REPEAT_WORDS[w] === undefined) return false
      modsOf(s).count = REPEAT_WORDS[w]
      return true
    }
  },
  {
    id: 'manner: an intensifier ("very")',
    examples: [['walks very slowly', 'walk speed 0.52'], ['runs really fast', 'run speed 1.64']],
    bind: (s, { w }) => {
      if (w !== 'very' && w !== 'really' && w !== 'extremely') return false
      s.very = true
      return true
    }
  },
  {
    id: 'count: a duration ("for 5 seconds")',
    examples: [['wave for 5 seconds', 'wave 5 s'], ['walk forward for 3 seconds', 'walk forward 3 s']],
    bind: (s, { w }) => {
      if (UNIT_SECONDS[w] === undefined || s.pendingNumber === undefined) return false
      modsOf(s).duration = s.pendingNumber * UNIT_SECONDS[w]!
      s.pendingNumber = undefined
      return true
    }
  },
  {
    // "walk two feet forward" is a distance; "landing with two feet", "on his two feet" are the feet.
    id: 'count: a distance ("5 meters")',
    examples: [['walk 5 meters', 'walk 5 m'], ['run 10 metres forward', 'run forward 10 m']],
    bind: (s, { i, w, nextWord }) => {
      if (UNIT_METRES[w] === undefined || s.pendingNumber === undefined || LIMB_WORDS.has(nextWord?.text ?? '') || PART_OWNERS.has(s.words[i - 2] ?? '')) return false
      modsOf(s).distance = s.pendingNumber * UNIT_METRES[w]!
      s.pendingNumber = undefined
      return true
    }
  },
  {
    id: 'direction: an angle ("90 degrees")',
    examples: [['turn 90 degrees to the left', 'turn left 90°'], ['spin 360 degrees', 'spin 360°']],
    bind: (s, { i, w }) => {
      if ((w !== 'degrees' && w !== 'degree' && w !== 'deg') || s.pendingNumber === undefined) return false
      modsBefore(s, i).degrees = s.pendingNumber
      s.pendingNumber = undefined
      return true
    }
  },
  {
    // "three times" binds to the action before it; with none yet, to the next one.
    id: 'count: repetitions ("three times")',
    examples: [['clap three times', 'clap ×3'], ['jump 2 times', 'jump ×2']],
    bind: (s, { w }) => {
      if ((w !== 'times' && w !== 'time' && w !== 'reps' && w !== 'repetitions' && w !== 'rounds') || s.pendingNumber === undefined) return false
      modsOf(s).count = s.pendingNumber
      s.pendingNumber = undefined
      return true
    }
  },
  {
    // "from the left", "in the back": where a push comes from.
    id: 'direction: where a push comes from',
    examples: [['is pushed from behind', 'pushed from back'], ['a person is pushed from the left', 'pushed from left']],
    bind: (s, { i, w, prevWord }) => {
      if ((prevWord === 'from' || prevWord === 'in' || (prevWord !== undefined && DETERMINERS.has(prevWord) && ['from', 'in'].includes(s.words[i - 2] ?? ''))) &&
        ['front', 'back', 'behind', 'left', 'right', 'side'].includes(w) && pushedIn(s)) {
        const from = w === 'behind' ? 'back' : w === 'side' ? (modsOf(s).from ?? 'left') : w as 'front' | 'back' | 'left' | 'right'
        for (const f of s.found) if (f.kind === 'pushed') f.mods.from = from
        return true
      }
      if (w === 'behind' && pushedIn(s)) { for (const f of s.found) if (f.kind === 'pushed') f.mods.from = 'back'; return true }
      return false
    }
  },
  {
    // "lie down on his back / on her stomach", "lies face down".
    id: 'manner: lying on the back or the front',
    examples: [['lies down on his back', 'lieDown down onBack'], ['lies on the belly', 'lieDown onFront']],
    bind: (s, { i, w, nextWord, prevWord }) => {
      if (!s.found.some(f => f.kind === 'lieDown')) return false
      if ((w === 'face' || w === 'facedown') && (nextWord?.text === 'down' || w === 'facedown')) { modsOf(s).style = 'onFront'; return true }
      if (prevWord === 'on' || (prevWord !== undefined && DETERMINERS.has(prevWord) && s.words[i - 2] === 'on')) {
        if (w === 'back') { modsOf(s).style = 'onBack'; return true }
        if (w === 'front' || w === 'stomach' || w === 'belly' || w === 'face') { modsOf(s).style = 'onFront'; return true }
      }
      return false
    }
  },
  {
    // "hop on one foot", "wave with one hand": the number says which part, not how many times ("two side steps"
    // counts); "two hands" is both of them, "two fingers" two of one hand's.
    id: 'side: a counted body part ("one foot", "two hands")',
    examples: [['waves with two hands', 'wave with both']],
    bind: (s, { i, w }) => {
      if (s.pendingNumber === 1 && LIMB_WORDS.has(w) && !BODY_PARTS.has(w) && numberJustBefore(s.tokens, i) && actionAt(s.tokens, i + 1) === undefined) {
        s.pendingNumber = undefined
        return true
      }
      if (s.pendingNumber !== undefined && BODY_PARTS.has(w) && numberJustBefore(s.tokens, i)) {
        s.bothParts = s.pendingNumber === 2 && w !== 'fingers' && w !== 'toes'
        s.pendingNumber = undefined
      }
      if (actionAt(s.tokens, i) === undefined && s.bothParts) {
        modsOf(s).side ??= 'both'
        return true
      }
      return false
    }
  },
  {
    id: 'action: an action word',
    examples: [['a person walks', 'walk'], ['she jumps', 'jump']],
    bind: bindAction
  },
  {
    id: 'manner: an emotion ("happily")',
    examples: [['walks happily', 'walk happy'], ['an angry man stomps', 'stomp angry']],
    bind: (s, { w }) => {
      const e = EMOTIONS[w]
      if (e === undefined) return false
      s.emotion = e
      return true
    }
  },
  {
    id: 'manner: a speed ("slowly")',
    examples: [['walks slowly', 'walk speed 0.7'], ['runs quickly', 'run speed 1.4']],
    bind: (s, { w }) => {
      const speed = SPEEDS[w]
      if (speed === undefined) return false
      s.speed = speed
      return true
    }
  },
  {
    id: 'side: the side of a limb ("the left hand")',
    examples: [['waves his left hand', 'wave with left'], ['kicks with the right leg', 'kick with right']],
    bind: bindLimbSide
  },
  {
    // "kicks with the right (leg)": the side of the limb that moves; "starting with the left (foot)" only names the
    // leading foot, not a direction.
    id: 'side: "with the right"',
    examples: [['kick with the right', 'kick with right'], ['punch with the left', 'punch with left']],
    bind: (s, { i, w, prevWord }) => {
      const withAt = prevWord === 'with' ? i - 1 : prevWord !== undefined && DETERMINERS.has(prevWord) && s.words[i - 2] === 'with' ? i - 2 : undefined
      if ((w !== 'left' && w !== 'right') || withAt === undefined) return false
      if (!LEADING.has(s.words[withAt - 1] ?? '')) modsOf(s).side = w
      return true
    }
  },
  {
    id: 'direction: a way to go ("left", "backward", "around")',
    examples: [['walks backward', 'walk backward'], ['jumps to the left', 'jump left']],
    bind: bindDirection
  },
  {
    id: 'direction: sideways, in place',
    examples: [['jumps in place', 'jump inPlace'], ['walks sideways', 'sidestep right']],
    bind: (s, { w }) => {
      if (w === 'sideways' || w === 'aside' || w === 'sidewards' || w === 'sideward') { modsOf(s).direction ??= 'right'; return true }
      if (w === 'place' || w === 'spot') { modsOf(s).direction ??= 'inPlace'; return true }
      return false
    }
  },
  {
    id: 'manner: a throw overhand or underhand',
    examples: [['throws a ball overhand', 'throw overhand'], ['throws underhand', 'throw underhand']],
    bind: (s, { w }) => {
      if (w === 'overhand' || w === 'overarm') { modsOf(s).style = 'overhand'; return true }
      if (w === 'underhand' || w === 'underarm') { modsOf(s).style = 'underhand'; return true }
      return false
    }
  },
  {
    // "is pushed and falls": the push knocks the person down. Binds nothing itself.
    id: 'manner: a push that fells',
    examples: [['is pushed to the ground', 'pushed falls'], ['he is pushed, falling', 'pushed falls']],
    bind: (s, { w }) => {
      if ((w === 'falls' || w === 'fall' || w === 'falling' || w === 'fell' || w === 'ground') && pushedIn(s)) modsOf(s).fall = true
      return false
    }
  },
  {
    // "jumps three": a number left before any other word counts the last action.
    id: 'count: a number left over',
    examples: [['he jumps 3 high', 'jump ×3'], ['claps 4 loudly', 'clap ×4']],
    bind: (s, { w }) => {
      if (s.pendingNumber === undefined || s.found.length === 0 || modsOf(s).count !== undefined) return false
      if (LIMB_WORDS.has(w) || UNIT_METRES[w] !== undefined) return false
      modsOf(s).count = s.pendingNumber
      s.pendingNumber = undefined
      return true
    }
  }
]

function bindAction (s: ClauseState, { i, t, w, prevWord }: At): boolean {
  const kind = actionAt(s.tokens, i)
  if (kind === undefined) return false
  const like = likeBefore(s.tokens, i)
  const likened = like === undefined ? undefined : likenedTo(s.found.at(-1), kind, like === 0)
  // The article of "like a robot" counts nothing.
  if (likened !== undefined) s.pendingNumber = undefined
  if (likened === 'manner') {
    const main = s.found.at(-1)
    if (main !== undefined) s.notes.push(`"${w}" ignored: how "${main.word.text}" is done ("like")`)
    return true
  }
  if (likened === 'names') {
    s.found.at(-1)!.kind = kind
    return true
  }
  // "wiping or stirring", "throws a ball or plays tennis": the first movement named is the one planned.
  if (s.found.length > 0 && alternativeAt(s.tokens, i)) {
    s.notes.push(`"${w}" ignored: an alternative ("or")`)
    // What it says of the kind the movement kept has said already goes with it ("turns left or walks right" turns
    // left); the rest may be said of both ("a wiping or stirring movement with the right hand").
    const kept = s.found.at(-1)!.mods
    const said = { way: kept.direction !== undefined || kept.side !== undefined, count: kept.count !== undefined }
    for (let j = i + 1; j < s.tokens.length && actionAt(s.tokens, j) === undefined; j++) {
      const c = modifierClass(s.tokens[j])
      if (c !== undefined && said[c]) s.ignored.set(j, `said of "${w}", an alternative`)
    }
    return true
  }
  const negated = negatedAt(s.tokens, i, t)
  if (negated) s.notes.push(`"${w}" ignored: negated`)
  // "slows to a walk", "goes for a run": the article names the gait, it counts no steps ("a step" still does).
  if (s.pendingNumber === 1 && (prevWord === 'a' || prevWord === 'an') && GAITS.has(kind)) s.pendingNumber = undefined
  // A number before a plural noun form of an action ("three steps", "two jumps") is its count.
  const plural = s.pendingNumber !== undefined && t.text !== t.lemma && t.pos !== 'verb' ? s.pendingNumber : undefined
  if (plural !== undefined) s.pendingNumber = undefined
  // "walk three steps": a step noun after a locomotion verb only counts, it is not a second action.
  const walking = s.found.findLast(f => LOCOMOTION.has(f.kind as ActionKind) || f.kind === 'step')
  if (kind === 'step' && walking !== undefined) {
    if (plural !== undefined) walking.mods.count ??= plural
    return true
  }
  let entry = s.found.find(f => f.kind === kind)
  if (entry === undefined) {
    const paced = t.bases.map(b => VERB_SPEEDS[b]).find(v => v !== undefined)
    entry = {
      kind,
      word: t,
      mods: s.found.length === 0 ? s.pre : {},
      negated,
      ...neighbours(s.tokens, i),
      ...(paced === undefined ? {} : { speed: paced })
    }
    s.found.push(entry)
  } else if (!negated) entry.negated = false
  if (s.nextMods !== undefined) {
    // "a left jab and a right hook": one punch of each hand.
    if (s.nextMods.side !== undefined && entry.mods.side !== undefined && entry.mods.side !== s.nextMods.side) s.nextMods.side = 'both'
    Object.assign(entry.mods, s.nextMods)
    s.nextMods = undefined
  }
  if (plural !== undefined) entry.mods.count ??= plural
  if (s.bothParts) entry.mods.side ??= 'both'
  return true
}

function bindLimbSide (s: ClauseState, { i, w, nextWord }: At): boolean {
  const side: Side | undefined = sideWord(w)
  // "to the right side" is a way to go; "his right side", "the left hand" are the body's.
  const towardsSide = nextWord?.text === 'side' && s.words.slice(Math.max(0, i - 3), i).some(x => x === 'to' || x === 'towards' || x === 'toward')
  if (side === undefined || nextWord === undefined || towardsSide || !(LIMB_WORDS.has(nextWord.text) || (w === 'both' && nextWord.text !== 'directions'))) return false
  // "knocks with his left hand on something he is holding in his right hand": the hand that holds is not the one
  // that moves, once that one is named.
  const holding = s.words.slice(Math.max(0, i - 4), i).some(x => HOLDING.has(x))
  if (!(holding && modsOf(s).side !== undefined)) modsOf(s).side = side
  return true
}

function bindDirection (s: ClauseState, { i, w }: At): boolean {
  const d = DIRECTIONS[w]
  if (d === undefined) return false
  if (w === 'straight' && modsOf(s).direction !== undefined) return true
  // "a left jab", "a right kick": the side of the limb that makes the movement named next.
  const nextKind = actionAt(s.tokens, i + 1)
  if ((d === 'left' || d === 'right') && nextKind !== undefined && LIMB_MOVES.has(nextKind)) { modsBefore(s, i).side = d; return true }
  // "a left turn", "a right curve": the direction names the action word it stands before.
  const m = d === 'left' || d === 'right' ? modsBefore(s, i) : modsOf(s)
  const diagonal = m.direction === 'diagonalLeft' || m.direction === 'diagonalRight'
  if (d === 'diagonalRight' || d === 'diagonalLeft') m.direction = s.hasWord('left') ? 'diagonalLeft' : 'diagonalRight'
  else if (diagonal && (d === 'left' || d === 'right' || d === 'forward')) return true
  else if (d === 'around') m.direction = m.direction ?? 'around'
  else if ((d === 'up' || d === 'down') && m.direction !== undefined) return true
  else if (d === 'backward' && m.direction === 'around') return true
  else m.direction = d
  return true
}
