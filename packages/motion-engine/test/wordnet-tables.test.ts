// src/prompt/wordnet-tables.ts is generated from WordNet and the vocabulary; a vocabulary change must regenerate it.
import { describe, expect, it } from 'vitest'
import { wordnetTablesInputs } from '../scripts/wordnet-tables.js'
import { WORDNET_TABLES_INPUTS } from '../src/prompt/wordnet-tables.js'
import { isEnglishWord, meaningOf } from '../src/prompt/word-meaning.js'

describe('WordNet tables', () => {
  it('were generated from the current generator, WordNet release and vocabulary (regenerate: `pnpm wordnet-tables`)', () => {
    expect(WORDNET_TABLES_INPUTS).toBe(wordnetTablesInputs())
  })

  it('read unlisted verbs through synonyms and hypernyms', () => {
    expect(meaningOf('lurch')).toMatchObject({ kind: 'stagger' })
    expect(meaningOf('scurry')).toBeUndefined() // listed: the vocabulary reads it directly
    expect(meaningOf('careen')).toMatchObject({ kind: 'stagger' })
    expect(meaningOf('like')).toBeUndefined() // no sense of it is a bodily movement
    expect(meaningOf('hack')).toMatchObject({ kind: 'chop' })
  })

  it('reach a vocabulary word only in one of its first senses, the movement it names', () => {
    expect(meaningOf('rub')).toBeUndefined() // rub → "guide, run, draw, pass" (a hand passed over), not running
    expect(meaningOf('flow')).toBeUndefined() // water runs
    expect(meaningOf('score')).toBeUndefined() // a goal is hit
    expect(meaningOf('reseat')?.kind).not.toBe('lieDown') // seat → put → "lay" a thing down, not lying down
  })

  it('know the English words spelt near the vocabulary, so they are never re-spelt', () => {
    for (const w of ['doing', 'raise', 'likes', 'stops']) expect(isEnglishWord(w), w).toBe(true)
    for (const w of ['wakl', 'jupm', 'dancnig']) expect(isEnglishWord(w), w).toBe(false)
  })
})
