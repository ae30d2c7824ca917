// The verb forms the lexer's phrase patterns are written with.
import { describe, expect, it } from 'vitest'
import { verbForms, verbs } from '../src/prompt/verb-forms.js'

describe('verb forms', () => {
  it('makes the third person, the -ing form and the past of regular verbs', () => {
    expect(verbForms('walk')).toEqual(['walk', 'walks', 'walking', 'walked'])
    expect(verbForms('dance')).toEqual(['dance', 'dances', 'dancing', 'danced'])
    expect(verbForms('tie')).toEqual(['tie', 'ties', 'tying', 'tied'])
    expect(verbForms('bury')).toEqual(['bury', 'buries', 'burying', 'buried'])
    expect(verbForms('reach')).toEqual(['reach', 'reaches', 'reaching', 'reached'])
    expect(verbForms('speed')).toEqual(['speed', 'speeds', 'speeding', 'sped'])
  })

  it('doubles the last letter of a verb of one syllable ending consonant, vowel, consonant', () => {
    expect(verbForms('drop')).toEqual(['drop', 'drops', 'dropping', 'dropped'])
    expect(verbForms('rub')).toEqual(['rub', 'rubs', 'rubbing', 'rubbed'])
    expect(verbForms('strum')).toEqual(['strum', 'strums', 'strumming', 'strummed'])
    expect(verbForms('open')).toEqual(['open', 'opens', 'opening', 'opened'])
    expect(verbForms('look')).toEqual(['look', 'looks', 'looking', 'looked'])
    expect(verbForms('play')).toEqual(['play', 'plays', 'playing', 'played'])
    expect(verbForms('cover')).toEqual(['cover', 'covers', 'covering', 'covered'])
  })

  it('takes irregular past forms from its table', () => {
    expect(verbForms('go')).toEqual(['go', 'goes', 'going', 'went', 'gone'])
    expect(verbForms('put')).toEqual(['put', 'puts', 'putting'])
    expect(verbForms('throw')).toEqual(['throw', 'throws', 'throwing', 'threw', 'thrown'])
  })

  it('joins the forms of several verbs into one alternation', () => {
    expect(verbs('sit', 'rub')).toBe('sit|sits|sitting|sat|rub|rubs|rubbing|rubbed')
  })
})
