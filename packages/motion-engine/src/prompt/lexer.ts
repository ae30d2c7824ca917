// Splits a prompt into words, numbers and clause separators; words carry candidate base forms for lookup.
import { SEQUENCE_WORDS, SIMULTANEOUS_WORDS } from './vocabulary.js'

export type Token =
  | { type: 'word', text: string, bases: string[] }
  | { type: 'number', value: number }
  | { type: 'separator', mode: 'sequence' | 'simultaneous' }

/** Candidate base forms of an English word, most likely first (running → run, waved → wave, dances → dance). */
export function baseForms (word: string): string[] {
  const out = [word]
  const push = (w: string) => { if (w.length >= 2 && !out.includes(w)) out.push(w) }
  const undouble = (w: string) => (w.length > 2 && w[w.length - 1] === w[w.length - 2] ? w.slice(0, -1) : w)
  for (const suffix of ['ing', 'ed']) {
    if (word.endsWith(suffix) && word.length > suffix.length + 1) {
      const stem = word.slice(0, -suffix.length)
      push(undouble(stem))
      push(stem + 'e')
      push(stem)
    }
  }
  if (word.endsWith('ies')) push(word.slice(0, -3) + 'y')
  if (word.endsWith('es')) push(word.slice(0, -2))
  if (word.endsWith('s') && !word.endsWith('ss')) push(word.slice(0, -1))
  return out
}

export function lex (prompt: string): Token[] {
  const tokens: Token[] = []
  // Degrees sign and hyphenated words ("ninety-degree", "step-up") are split into plain words.
  const text = prompt.toLowerCase().replace(/°/g, ' degrees ').replace(/[-_/]/g, ' ')
  const re = /(\d+(?:\.\d+)?)|([a-z']+)|([,;.!?:])/g
  let m: RegExpExecArray | null
  while ((m = re.exec(text)) !== null) {
    if (m[1] !== undefined) {
      tokens.push({ type: 'number', value: Number(m[1]) })
    } else if (m[2] !== undefined) {
      const w = m[2].replace(/'s$/, '').replace(/'/g, '')
      if (SEQUENCE_WORDS.has(w)) tokens.push({ type: 'separator', mode: 'sequence' })
      else if (SIMULTANEOUS_WORDS.has(w)) tokens.push({ type: 'separator', mode: 'simultaneous' })
      else if (w.length > 0) tokens.push({ type: 'word', text: w, bases: baseForms(w) })
    } else {
      tokens.push({ type: 'separator', mode: 'sequence' })
    }
  }
  return tokens
}
