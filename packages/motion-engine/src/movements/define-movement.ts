// What the engine knows of one movement, in one place: the words that name it, how it is written back, which limbs
// it moves, how it flows from and into postures, how its count is said, what it does when the prompt says nothing,
// how it is made, and prompts that read as it. Every part is required, so the compiler refuses an entry that lacks
// one; the registry (registry.ts) derives the prompt reader's and the synthesis' tables from the entries.
import type { ActionSynth, Posture } from '../synth/action-clip.js'

/** A rewrite of the prompt's text made before its words are read (a multi-word name joined into one word, a phrase put plainly). */
export interface RewriteRule {
  /** Names the rule in tests and reports. */
  id: string
  /** Global, lower-case pattern. */
  pattern: RegExp
  /** The replacement (`$1`… refer to the pattern's groups). */
  rewrite: string
  /** Prompts the rule rewrites (a test holds the pattern to each). */
  examples: readonly string[]
}

export interface Movement<K extends string = string> {
  /** The plan's name for it (`ActionSpec.kind`). */
  kind: K
  /**
   * The verb table's words for it, base forms (the lexer and the lemmatizer reach "walked", "is walking"). A word
   * belongs to one movement; the lexer's rules (lexer.ts) join multi-word names into one of these words first.
   */
  words: readonly string[]
  /**
   * Other words people use for it (synonyms, paraphrase verbs and nouns). They come after every movement's `words`
   * when a misspelt word is as near to two of them ("stept" is a step before it is "swept").
   */
  otherWords: readonly string[]
  /** Multi-word names of it, joined before the lexer's own rules (lexer.ts) run. */
  rules: readonly RewriteRule[]
  /**
   * `plan`: the short phrase the prompt analysis writes back for it, read by the parser as this movement again.
   * `listed`: how the refusal message (and anything that lists the vocabulary) names it, or null to leave it out.
   */
  phrases: { plan: string, listed: string | null }
  limbs: {
    /**
     * `legs`: it goes somewhere on foot (a gesture said with it is layered over it); `upperBody`: the head, arms or
     * hands only (it layers over a walk); `danceStyle`: a named dance; `wholeBody`: everything else.
     */
    moves: 'legs' | 'upperBody' | 'wholeBody' | 'danceStyle'
    /** A way of going counted in steps, where "a walk" counts none ("a sidestep", "a circle" are one). */
    gait: boolean
    /** What a side given for it names in the plan text: a hand, a leg, the foot stood on, or the leading foot. */
    named: 'hand' | 'leg' | 'standingFoot' | 'foot'
    /** A side right before it names the limb ("a left jab", "a right kick"), not the way it goes. */
    sideBefore: boolean
  }
  ways: {
    /** A clause that only names another way repeats it that way ("looks left, then right", "jumps left, then right"). */
    again: boolean
    /** One of the stepping movements: a step sent sideways or back is still the same stepping. */
    stepping: boolean
    /** It can be the movement that makes a dodge ("ducks to dodge"): the dodge named beside it is no second one. */
    dodges: boolean
  }
  posture: {
    /** The posture it leaves the body in (`unchanged`: the one it found). */
    ends: Posture | 'unchanged'
    /** The postures it starts from; from any other the body stands up first. */
    from: 'standing' | 'any' | readonly Posture[]
    /** Made in a sitting, kneeling or crouching posture, it is played over the held posture instead of standing up. */
    overHeld: boolean
    /** A posture a gesture said "while" in it is made in ("waves while sitting": seated first). */
    holdsGesture: boolean
    /** Sent "to the left/right", it turns that way first, then goes forward. */
    facesWayFirst: boolean
  }
  /** How a count is written back: steps ("walk 3 steps") or times ("jump 3 times"). */
  countUnit: 'steps' | 'times'
  /** What the synthesis makes when the prompt gives no count: that many (a test holds the synthesis to it). */
  defaults: { count?: number }
  /** Makes the clip; the bodies live in `src/actions/`. */
  synthesise: ActionSynth
  /** Prompts that read as this movement (a test reads each). */
  examples: readonly string[]
}

/** One catalogue entry; the kind's literal type is kept, so the registry's kinds are the `ActionKind` union. */
export function defineMovement<const K extends string> (movement: Movement<K>): Movement<K> {
  return movement
}
