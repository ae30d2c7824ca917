// A verb's forms for the lexer's phrase patterns: "walk" is walk, walks, walking and walked, so a pattern names
// the verb once instead of spelling out each form.

// Past forms English does not make by adding -ed (a past the same as the lemma is listed too: "put").
const IRREGULAR_PAST: Readonly<Record<string, readonly string[]>> = {
  blow: ['blew', 'blown'],
  bring: ['brought'],
  catch: ['caught'],
  come: ['came'],
  do: ['did', 'done'],
  fall: ['fell', 'fallen'],
  find: ['found'],
  get: ['got', 'gotten'],
  go: ['went', 'gone'],
  hide: ['hid', 'hidden'],
  hold: ['held'],
  keep: ['kept'],
  lose: ['lost'],
  put: ['put'],
  run: ['ran'],
  shake: ['shook', 'shaken'],
  sink: ['sank', 'sunk'],
  sit: ['sat'],
  speed: ['sped'],
  stand: ['stood'],
  swing: ['swung'],
  take: ['took', 'taken'],
  throw: ['threw', 'thrown']
}

const VOWEL = /[aeiou]/
/** A verb of one syllable ending consonant-vowel-consonant doubles its last letter: "drop", "dropping", "strutted". */
const doubles = (v: string) => (v.match(/[aeiou]+/g) ?? []).length === 1 && /[^aeiou][aeiou][^aeiouwxy]$/.test(v)

/** Every form of `lemma`: the lemma, its third person, its -ing form and its past forms. */
export function verbForms (lemma: string): string[] {
  const stem = doubles(lemma) ? lemma + lemma.at(-1)! : lemma
  const consonantY = lemma.endsWith('y') && !VOWEL.test(lemma.at(-2) ?? '')
  const third = consonantY ? `${lemma.slice(0, -1)}ies` : /(s|sh|ch|x|z|o)$/.test(lemma) ? `${lemma}es` : `${lemma}s`
  const ing = lemma.endsWith('ie')
    ? `${lemma.slice(0, -2)}ying`
    : lemma.endsWith('e') && !lemma.endsWith('ee') ? `${lemma.slice(0, -1)}ing` : `${stem}ing`
  const past = IRREGULAR_PAST[lemma] ?? [consonantY ? `${lemma.slice(0, -1)}ied` : lemma.endsWith('e') ? `${lemma}d` : `${stem}ed`]
  return [...new Set([lemma, third, ing, ...past])]
}

/** The forms of all `lemmas` as one regular-expression alternation (without parentheses). */
export function verbs (...lemmas: string[]): string {
  return lemmas.flatMap(verbForms).join('|')
}
