import { describe, expect, it } from 'vitest'
import { authConfig } from '../src/config.js'

function loadWithWarnings (env: Record<string, string>) {
  const warnings: string[] = []
  const config = authConfig.load(env, { warn: (message) => warnings.push(message) })
  return { config, warnings }
}

describe('auth-server configuration', () => {
  it('reads the old STORE as DOCUMENT_STORE with one deprecation warning', () => {
    const { config, warnings } = loadWithWarnings({ STORE: 'memory' })
    expect(config.DOCUMENT_STORE).toBe('memory')
    expect(warnings).toEqual(['STORE is deprecated and will stop working in the next release: use DOCUMENT_STORE'])
  })

  it('starts without a warning when only DOCUMENT_STORE is set, and it wins over STORE', () => {
    expect(loadWithWarnings({ DOCUMENT_STORE: 'memory' })).toEqual({ config: expect.objectContaining({ DOCUMENT_STORE: 'memory' }), warnings: [] })
    expect(loadWithWarnings({ DOCUMENT_STORE: 'sql', STORE: 'memory' }).config.DOCUMENT_STORE).toBe('sql')
  })

  it('ignores the queue backend STORAGE_TYPE that the relay and motion-api share in one environment', () => {
    const { config, warnings } = loadWithWarnings({ STORAGE_TYPE: 'memory' })
    expect(config.DOCUMENT_STORE).toBe('sql')
    expect(warnings).toEqual([])
    expect(loadWithWarnings({ STORAGE_TYPE: 'kafka' }).config.DOCUMENT_STORE).toBe('sql')
  })
})
