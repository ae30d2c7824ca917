// English grammar from an NLP library: each word's lemma ("walked", "is picking", "lays" → walk, pick, lie), its part
// of speech, and whether a negation governs it ("did not jump"). The engine reads with wink-nlp; the measured
// alternative, compromise, lives with the bench that compared them (bench/compromise-reader.ts).
import { createRequire } from 'node:module'
import type winkNLP from 'wink-nlp'
import type model from 'wink-eng-lite-web-model'

// The library and its model (about 30 MB resident and a quarter of a second to load) are required at the first
// prompt read, not when the engine is imported: a process that only validates options or answers HTTP never pays.
const require = createRequire(import.meta.url)

export type PartOfSpeech = 'verb' | 'aux' | 'noun' | 'adj' | 'adv' | 'num' | 'adp' | 'punct' | 'other'

export interface ReadWord {
  /** The word as written, lower case. */
  text: string
  /** Dictionary form (walked → walk, lays → lay, steps → step). */
  lemma: string
  pos: PartOfSpeech
  /** A negation ("not", "n't", "never") governs this word. */
  negated: boolean
}

export type NlpReader = (text: string) => ReadWord[]

const WINK_POS: Readonly<Record<string, PartOfSpeech>> = {
  VERB: 'verb',
  AUX: 'aux',
  NOUN: 'noun',
  PROPN: 'noun',
  PRON: 'other',
  ADJ: 'adj',
  ADV: 'adv',
  NUM: 'num',
  ADP: 'adp',
  PUNCT: 'punct',
  SYM: 'punct'
}

let wink: ReturnType<typeof winkNLP> | undefined

/** wink-nlp with its light English model: tokens, lemmas, universal parts of speech and negation flags. */
export const readWithWink: NlpReader = (text) => {
  wink ??= (require('wink-nlp') as typeof winkNLP)(require('wink-eng-lite-web-model') as typeof model)
  const its = wink.its
  const tokens = wink.readDoc(text).tokens()
  const words = tokens.out(its.normal)
  // wink types its.lemma with the model addons parameter out() does not pass; at run time it is an ordinary its function.
  const lemmas = tokens.out(its.lemma as unknown as typeof its.normal)
  const pos = tokens.out(its.pos)
  const negated = tokens.out(its.negationFlag) as unknown as boolean[]
  return words.map((w, i) => ({
    text: w,
    lemma: (lemmas[i] ?? w).toLowerCase(),
    pos: WINK_POS[pos[i] ?? ''] ?? 'other',
    negated: negated[i] === true
  }))
}
