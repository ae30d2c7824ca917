// Regenerates src/prompt/wordnet-tables.ts (run after changing the vocabulary: `pnpm wordnet-tables`).
import { writeFileSync } from 'node:fs'
import { buildWordnetTables } from './wordnet-tables.js'

writeFileSync(new URL('../src/prompt/wordnet-tables.ts', import.meta.url), buildWordnetTables())
