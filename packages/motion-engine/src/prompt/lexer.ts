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

// Multi-word names of one movement, joined into the single word the vocabulary knows.
const PHRASES: [RegExp, string][] = [
  [/\b(in\s+)?(a\s+)?zig\s*zag(s|ging)?\b/g, 'zigzag'],
  [/\bthrow(s|ing|n)?\s+(a\s+)?(punch|jab|hook)(es)?\b/g, 'punch'],
  [/\bgo(es|ing)?\s+to\s+(sleep|bed)\b/g, 'sleep'],
  [/\bjumping\s+jacks?\b|\bstar\s+jumps?\b/g, 'jumpingjack'],
  [/\bhigh\s+kick(s|ing)?\b/g, 'highkick'],
  [/\bhip\s+hop\b/g, 'hiphop'],
  [/\bbreak\s+danc(e|es|ing)\b/g, 'breakdance'],
  [/\b(punch|punches|punching|boxing|kick|kicks|kicking)\s+(combo|combos|combination|combinations)\b/g, 'combo'],
  [/\b(sit|sits|sitting|sat)\s+(down\s+)?(on|in|onto|into)\s+(a|an|the|his|her|their|my|your)?\s*(chair|bench|stool|seat|sofa|couch|armchair)\b/g, 'sitchair'],
  [/\b(cross|crosses|crossed|crossing|fold|folds|folded|folding)\s+(his|her|their|my|your|the|both)?\s*arms\b/g, 'fold'],
  [/\bhands?\s+on\s+(his|her|their|my|your|the)?\s*hips\b/g, 'handsonhips'],
  [/\bfist\s+pump(s|ing)?\b|\bpump(s|ing)?\s+(his|her|their|my|your|a)?\s*fists?\b/g, 'fistpump'],
  [/\bface\s*palm(s|ing)?\b/g, 'facepalm'],
  [/\bthumbs?\s+up\b/g, 'thumb'],
  [/\bget(s|ting)?\s+up\b|\bgot\s+up\b/g, 'getup'],
  [/\b(push|sit)\s*ups?\b/g, 'pushup'],
  [/\bhead\s*bang(s|ing)?\b/g, 'headbang'],
  [/\bin\s+(a\s+)?circles?\b|\baround\s+in\s+circles?\b/g, 'circle'],
  [/\b(up|down)\s+(the\s+)?(stairs|steps)\b/g, 'stairs'],
  [/\bwarm(s|ing)?\s+up\b/g, 'warm']
]

export function lex (prompt: string): Token[] {
  const tokens: Token[] = []
  // Degrees sign and hyphenated words ("ninety-degree", "step-up") are split into plain words.
  let text = prompt.toLowerCase().replace(/°/g, ' degrees ').replace(/[-_/]/g, ' ')
  for (const [re, word] of PHRASES) text = text.replace(re, ` ${word} `)
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
