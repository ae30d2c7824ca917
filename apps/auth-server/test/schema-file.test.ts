import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { printedSchema } from '../src/cli/print-schema.js'

it('schema.graphql is the SDL the server runs (regenerate with `pnpm run schema`)', () => {
  expect(readFileSync(new URL('../schema.graphql', import.meta.url), 'utf8')).toBe(printedSchema())
})
