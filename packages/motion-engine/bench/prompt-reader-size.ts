// How much of the prompt reader is rules and how much is code: the rules of each table, with their examples, and
// the lines of the code that walks them.
//   tsx bench/prompt-reader-size.ts
import { readFileSync } from 'node:fs'
import { MOVEMENT_RULES } from '../src/movements/registry.js'
import { ADDED_CLAUSES, ADDS_TO_CLAUSE_BEFORE, CLAUSE_ORDER, MARK_RUNS, TIME_BINDINGS } from '../src/prompt/chunker-rules.js'
import { BINDERS } from '../src/prompt/clause-binders.js'
import { CLAUSE_MARKS } from '../src/prompt/clause-marks.js'
import { LEXER_RULES } from '../src/prompt/lexer-rules.js'

const tables: [string, string, readonly { id: string, examples?: readonly unknown[] }[]][] = [
  ['movement rewrites', 'src/movements/*', MOVEMENT_RULES],
  ['lexer rewrites', 'src/prompt/lexer-rules.ts', LEXER_RULES],
  ['clause marks', 'src/prompt/clause-marks.ts', CLAUSE_MARKS],
  ['marks in a row', 'src/prompt/chunker-rules.ts', MARK_RUNS],
  ['clause order', 'src/prompt/chunker-rules.ts', CLAUSE_ORDER],
  ['clauses of modifiers only', 'src/prompt/chunker-rules.ts', [...ADDED_CLAUSES, ADDS_TO_CLAUSE_BEFORE]],
  ['time bindings', 'src/prompt/chunker-rules.ts', TIME_BINDINGS],
  ['modifier binders', 'src/prompt/clause-binders.ts', BINDERS]
]
console.log('| table | file | rules | examples |\n|---|---|---:|---:|')
for (const [name, file, rules] of tables) {
  const examples = rules.reduce((n, r) => n + (r.examples?.length ?? 0), 0)
  console.log(`| ${name} | \`${file}\` | ${rules.length} | ${examples === 0 ? '–' : examples} |`)
}

const lines = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8').replace(/\n$/, '').split('\n').length
console.log('\n| file | lines |\n|---|---:|')
for (const file of ['lexer.ts', 'clause.ts', 'parser.ts', 'lexer-rules.ts', 'clause-binders.ts', 'clause-words.ts', 'clause-marks.ts', 'chunker-rules.ts', 'chunker-words.ts']) {
  console.log(`| \`src/prompt/${file}\` | ${lines(`src/prompt/${file}`)} |`)
}
