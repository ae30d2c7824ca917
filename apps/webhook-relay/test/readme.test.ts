import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { relayConfig } from '../src/config.js'
import { errors } from '../src/errors.js'

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')

describe('README', () => {
  it('lists exactly the variables the config declares', () => {
    const table = /<!-- env-table -->\n([\s\S]*?)\n<!-- \/env-table -->/.exec(readme)?.[1]
    expect(table).toBe(relayConfig.markdownTable())
  })

  it('documents every error code with its HTTP status', () => {
    for (const factory of Object.values(errors)) {
      expect(readme).toContain(`| \`${String(factory.code)}\` | ${factory.status} |`)
    }
  })
})
