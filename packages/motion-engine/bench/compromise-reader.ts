// The measured alternative to wink-nlp (bench/dev-set-accuracy.ts --reader compromise), kept so the comparison in the
// README can be re-run; the engine itself does not depend on compromise.
import nlp from 'compromise'
import type { NlpReader, PartOfSpeech, ReadWord } from '../src/prompt/nlp-reader.js'

interface CompromiseTerm { text: string, normal: string, tags: string[], root?: string, pre?: string, post?: string }

function compromisePos (tags: readonly string[]): PartOfSpeech {
  const has = (t: string) => tags.includes(t)
  if (has('Auxiliary') || has('Copula') || has('Modal')) return 'aux'
  if (has('Verb')) return 'verb'
  if (has('Value')) return 'num'
  if (has('Adverb')) return 'adv'
  if (has('Adjective')) return 'adj'
  if (has('Preposition')) return 'adp'
  if (has('Noun')) return 'noun'
  return 'other'
}

/** compromise: tags, roots (its lemmas) and its negative tag, which governs the next verb. */
export const readWithCompromise: NlpReader = (text) => {
  const doc = nlp(text)
  doc.compute('root')
  const terms = (doc.json({ terms: { normal: true } }) as { terms: CompromiseTerm[] }[]).flatMap(s => s.terms)
  const out: ReadWord[] = []
  let negation = false
  for (const t of terms) {
    const pos = compromisePos(t.tags)
    const isNegative = t.tags.includes('Negative')
    const normal = t.normal === '' ? t.text.toLowerCase() : t.normal
    out.push({ text: normal, lemma: (t.root ?? normal).toLowerCase(), pos, negated: negation && pos === 'verb' })
    if (isNegative) negation = true
    else if (pos === 'verb') negation = false
    // compromise keeps punctuation on its term; clause marks are read from it.
    const post = (t.post ?? '').trim()
    if (/[,;.!?:]/.test(post)) { out.push({ text: post.replace(/[^,;.!?:]/g, '').slice(0, 1), lemma: post, pos: 'punct', negated: false }); negation = false }
  }
  return out
}
