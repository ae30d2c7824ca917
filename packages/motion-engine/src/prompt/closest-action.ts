// Spelling correction for words that are not English words ("wakl"): the vocabulary word closest in spelling (edit
// distance, allowing one slip per four letters). Callers first rule out real words (word-meaning.ts), so a correctly
// spelt word is never re-spelt into another movement.
import { VERBS } from './vocabulary.js'
import type { ActionKind } from './vocabulary.js'

/** Optimal-string-alignment distance: insertions, deletions, substitutions and swapped neighbours ("wakl"). */
export function editDistance (a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)))
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1)
      d[i]![j] = v
    }
  }
  return d[a.length]![b.length]!
}

/** Slips allowed for a word of this length. */
export function allowedSlips (length: number): number {
  return length < 4 ? 0 : Math.floor(length / 4)
}

/** The spellings a vocabulary word is compared in: misspelt inflections ("dancnig") meet the inflected forms. */
export function vocabularyForms (base: string): string[] {
  return [base, base + 's', base + 'ed', base + 'ing', base.replace(/e$/, '') + 'ing']
}

export interface ClosestAction { kind: ActionKind | 'step', word: string }

// Answers already worked out: each measures the word against every vocabulary form, most of a caption's reading
// time, and the same words ("person", "takes") come back in prompt after prompt. Bounded, as prompts are anyone's.
const answered = new Map<string, ClosestAction | null>()
const ANSWERS_KEPT = 20_000

/** The action whose vocabulary word is nearest to `word`, or undefined when none is near enough. */
export function closestAction (word: string): ClosestAction | undefined {
  const known = answered.get(word)
  if (known !== undefined) return known ?? undefined
  const best = nearestAction(word)
  if (answered.size >= ANSWERS_KEPT) answered.clear()
  answered.set(word, best ?? null)
  return best
}

function nearestAction (word: string): ClosestAction | undefined {
  const allowed = allowedSlips(word.length)
  if (allowed === 0) return undefined
  let best: ClosestAction | undefined
  let bestDistance = Infinity
  for (const [base, kind] of Object.entries(VERBS)) {
    for (const candidate of vocabularyForms(base)) {
      if (Math.abs(candidate.length - word.length) > allowed) continue
      const d = editDistance(word, candidate)
      if (d <= allowed && d < bestDistance) { best = { kind, word: base }; bestDistance = d }
    }
  }
  return best
}
