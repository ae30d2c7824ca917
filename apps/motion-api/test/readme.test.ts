import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { motionConfig } from '../src/config.js'

describe('README', () => {
  it('carries the configuration table generated from the config declaration', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
    expect(readme).toContain(motionConfig.markdownTable())
  })
})
