// What WordNet says of words outside the vocabulary, from the tables precomputed by scripts/build-wordnet-tables.ts
// (reading the 34 MB database at run time would cost seconds and the package its size).
import { VERBS } from './vocabulary.js'
import type { ActionKind } from './vocabulary.js'
import { ENGLISH_NEAR_VOCABULARY, VERB_MEANINGS } from './wordnet-tables.js'

export interface WordMeaning {
  kind: ActionKind | 'step'
  /** The vocabulary word reached. */
  word: string
  /** The word, then each synonym or hypernym on the way to `word` ("slap → strike → hit"). */
  path: string[]
}

let near: ReadonlySet<string> | undefined

/** A verb outside the vocabulary read through its WordNet synonyms and hypernyms, when they reach a movement. */
export function meaningOf (word: string): WordMeaning | undefined {
  const via = VERB_MEANINGS[word]
  if (via === undefined) return undefined
  const path = [word, ...via.split('>')]
  const target = path.at(-1)!
  const kind = VERBS[target]
  return kind === undefined ? undefined : { kind, word: target, path }
}

/** Whether `word` is an English word (or a regular inflection of one) that is spelt near a vocabulary word. */
export function isEnglishWord (word: string): boolean {
  near ??= new Set(ENGLISH_NEAR_VOCABULARY.split(' '))
  return near.has(word)
}
