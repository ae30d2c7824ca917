import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { authConfig } from '../src/config.js'
import { AUTH_ERROR_CODES } from '../src/errors.js'

describe('README', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')

  it('carries the configuration table generated from the config declaration', () => {
    expect(readme).toContain(authConfig.markdownTable())
  })

  it('documents every error code', () => {
    for (const code of AUTH_ERROR_CODES) expect(readme).toContain(`| \`${code}\` |`)
  })
})
