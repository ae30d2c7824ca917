// Turns a prompt into words (with the NLP library's lemma, part of speech and negation), numbers and clause marks
// (clause-marks.ts).
// The text is rewritten first by the movements' rules and the lexer's (lexer-rules.ts): multi-word names of one
// movement ("jumping jacks", "play the guitar") joined into the single word the vocabulary knows, phrases that mean
// something else than their words rewritten; everything else about the words comes from the library (nlp-reader.ts).
import { createRequire } from 'node:module'
import type lemmatizer from 'wink-lemmatizer'
import { MOVEMENT_RULES } from '../movements/registry.js'
import { LEXER_RULES } from './lexer-rules.js'
import { readWithWink } from './nlp-reader.js'
import type { NlpReader, PartOfSpeech } from './nlp-reader.js'
import { clauseMark } from './clause-marks.js'
import type { ClauseMode } from './clause-marks.js'

// The lemmatizer's tables (about 50 MB resident, half a second to load) are required at the first prompt, not when
// the engine is imported.
const require = createRequire(import.meta.url)
let verbLemmatizer: typeof lemmatizer.lemmatizeVerb | undefined

function lemmatizeVerb (word: string): string {
  verbLemmatizer ??= (require('wink-lemmatizer') as typeof lemmatizer).lemmatizeVerb
  return verbLemmatizer(word)
}

export type Token =
  | { type: 'word', text: string, lemma: string, bases: string[], pos: PartOfSpeech, negated: boolean }
  | { type: 'number', value: number }
  /** A clause mark: `rule` is the rule of clause-marks.ts that made the word one. */
  | { type: 'separator', mode: ClauseMode, word: string, rule: string }

/**
 * The prompt's text as the rewrite rules see it: lower case, the degrees sign a word, hyphenated words ("ninety-degree",
 * "step-up") split into plain words.
 */
export function normalise (prompt: string): string {
  return prompt.toLowerCase().normalize('NFKC').replace(/°/g, ' degrees ').replace(/[-_/]/g, ' ').replace(/[’`]/g, "'")
}

/** The prompt's tokens as read by `reader` (wink-nlp unless a bench compares another library). */
export function lex (prompt: string, reader: NlpReader = readWithWink): Token[] {
  let text = normalise(prompt)
  for (const rule of [...MOVEMENT_RULES, ...LEXER_RULES]) text = text.replace(rule.pattern, ` ${rule.rewrite} `)
  const tokens: Token[] = []
  const read = reader(text)
  for (const [i, w] of read.entries()) {
    const next = read[i + 1]?.text
    if (w.pos === 'punct' || /^[,;.!?:]+$/.test(w.text)) {
      const stop = clauseMark(w.text, next)
      if (stop !== undefined) tokens.push({ type: 'separator', ...stop, word: w.text })
      continue
    }
    const word = w.text.replace(/'s$/, '').replace(/[^a-z0-9.]/g, '')
    if (/^\d+(\.\d+)?$/.test(word)) { tokens.push({ type: 'number', value: Number(word) }); continue }
    if (!/^[a-z]+$/.test(word)) continue
    const mark = clauseMark(word, next)
    if (mark !== undefined) { tokens.push({ type: 'separator', ...mark, word }); continue }
    const lemma = /^[a-z]+$/.test(w.lemma) ? w.lemma : word
    // A tagger can take an action word for a noun or adjective ("is sweeping the floor", "stumbles"): its verb lemma
    // is tried after the tagged one.
    // An adjective keeps its irregular form ("a drunk man" is not "drink").
    const verbLemma = w.pos === 'adj' && !word.endsWith('ing') ? word : lemmatizeVerb(word)
    const bases = [...new Set([word, lemma, verbLemma])]
    tokens.push({ type: 'word', text: word, lemma, bases, pos: w.pos, negated: w.negated })
  }
  return tokens
}
