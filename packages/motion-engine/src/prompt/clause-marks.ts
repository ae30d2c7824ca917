// The chunker's first table: which word or stop ends a clause and opens the next, and how the clause it opens is
// timed. Read top to bottom; the first rule whose words (and next word) match decides. The lexer (lexer.ts) asks it
// of every word and stop; the walk over the other tables (parser.ts, chunker-rules.ts) takes the marks from there.
import type { ChunkerRule } from './chunker-rule.js'

/** How a clause is timed against the one before: after it, at the same time, or (the mark's clause) before or after it. */
export type ClauseMode = 'sequence' | 'simultaneous' | 'after' | 'before'

export interface ClauseMarkRule extends ChunkerRule {
  /** The words, or the stops (a pattern), that are this mark. */
  readonly words: readonly string[] | RegExp
  /** Only when the word after the mark is one of these. */
  readonly nextWords?: readonly string[]
  /** How the clause the mark opens is timed; `none`: the word is no mark ("as if"), it stays in its clause. */
  readonly opens: ClauseMode | 'none'
}

export const CLAUSE_MARKS: readonly ClauseMarkRule[] = [
  {
    id: 'stops cut in order',
    words: /[,;.!?:]/,
    opens: 'sequence',
    examples: [['jump, wave', 'jump, wave'], ['A person walks forward. Then he sits on a chair.', 'walk forward, sitChair']]
  },
  {
    // "after that" points back to what was said before it; it is a "then".
    id: '"after that" goes on in order',
    words: ['after'],
    nextWords: ['that', 'this', 'which', 'wards'],
    opens: 'sequence',
    examples: [['walk forward, after that sit on a chair', 'walk forward, sitChair'], ['he jumps, after which he waves', 'jump, wave']]
  },
  {
    id: '"before that" goes on in order',
    words: ['before'],
    nextWords: ['that', 'this'],
    opens: 'sequence',
    examples: [['jump before that wave', 'jump, wave']]
  },
  {
    id: '"after" opens what came first',
    words: ['after'],
    opens: 'after',
    examples: [['jump after walking forward', 'walk forward, jump']]
  },
  {
    id: '"before" opens what comes next',
    words: ['before'],
    opens: 'before',
    examples: [['he bows before sitting on a chair', 'bow, sitChair']]
  },
  {
    // "moves as if drunk", "claps as well": a comparison or an addition, not a time.
    id: '"as if", "as well" are no mark',
    words: ['while', 'whilst', 'as'],
    nextWords: ['if', 'though', 'well'],
    opens: 'none',
    examples: [['he walks as if he was drunk', 'stagger'], ['jumps and waves as well', 'jump, wave']]
  },
  {
    id: '"while" and "as" open what happens at the same time',
    words: ['while', 'whilst', 'as'],
    opens: 'simultaneous',
    examples: [['walk while waving', 'walk + wave'], ['a man waves as he walks forward', 'walk forward + wave']]
  },
  {
    id: '"then" and "and" cut in order',
    words: ['then', 'and', 'next', 'afterwards', 'finally', 'later'],
    opens: 'sequence',
    examples: [['jump then wave', 'jump, wave'], ['walk forward and finally sit on a chair', 'walk forward, sitChair']]
  }
]

/** The clause mark a word (or a stop) is, with the word after it, and the rule that says so; undefined when it is none. */
export function clauseMark (word: string, next: string | undefined): { mode: ClauseMode, rule: string } | undefined {
  const rule = CLAUSE_MARKS.find(r => (r.words instanceof RegExp ? r.words.test(word) : r.words.includes(word)) &&
    (r.nextWords === undefined || (next !== undefined && r.nextWords.includes(next))))
  return rule === undefined || rule.opens === 'none' ? undefined : { mode: rule.opens, rule: rule.id }
}
