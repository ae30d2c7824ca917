// English grammar from an NLP library: each word's lemma ("walked", "is picking", "lays" → walk, pick, lie), its part
// of speech, and whether a negation governs it ("did not jump"). Two readers are kept, wink-nlp (the engine's) and
// compromise (the measured alternative, bench/dev-set-accuracy.ts --reader compromise); the README gives both figures.
import nlp from 'compromise'
import winkNLP from 'wink-nlp'
import model from 'wink-eng-lite-web-model'

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
  wink ??= winkNLP(model)
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
