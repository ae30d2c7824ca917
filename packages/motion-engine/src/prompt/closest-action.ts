// The fallback that keeps a typo or an unlisted word form from refusing a movement: the vocabulary word closest in
// spelling (edit distance, allowing one slip per four letters), and only when it is close enough to be meant.
import { VERBS } from './vocabulary.js'
import type { ActionKind } from './vocabulary.js'

/** Optimal-string-alignment distance: insertions, deletions, substitutions and swapped neighbours ("wakl"). */
function editDistance (a: string, b: string): number {
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

export interface ClosestAction { kind: ActionKind | 'step', word: string }

/** The action whose vocabulary word is nearest to `word`, or undefined when none is near enough. */
export function closestAction (word: string): ClosestAction | undefined {
  if (word.length < 4) return undefined
  const allowed = Math.floor(word.length / 4)
  let best: ClosestAction | undefined
  let bestDistance = Infinity
  for (const [base, kind] of Object.entries(VERBS)) {
    // Misspelt inflections ("dancnig") are compared with the inflected forms.
    for (const candidate of [base, base + 's', base + 'ed', base + 'ing', base.replace(/e$/, '') + 'ing']) {
      if (Math.abs(candidate.length - word.length) > allowed) continue
      const d = editDistance(word, candidate)
      if (d <= allowed && d < bestDistance) { best = { kind, word: base }; bestDistance = d }
    }
  }
  return best
}
