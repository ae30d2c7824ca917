import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { findCycles, importGraph, type ImportGraph } from './import-cycles.js'

const root = fileURLToPath(new URL('..', import.meta.url))

describe('import circles', () => {
  it('finds a circle through several files, a file importing itself, and nothing in a chain', () => {
    const graph: ImportGraph = new Map([
      ['a.ts', ['b.ts']], ['b.ts', ['c.ts', 'd.ts']], ['c.ts', ['a.ts']], ['d.ts', []],
      ['self.ts', ['self.ts']],
      ['x.ts', ['y.ts']], ['y.ts', ['z.ts']], ['z.ts', []]
    ])
    expect(findCycles(graph)).toEqual([['self.ts', 'self.ts'], ['a.ts', 'b.ts', 'c.ts', 'a.ts']])
  })

  it('resolves `.js` specifiers to the TypeScript files they name, type-only imports included', () => {
    const graph = importGraph(root)
    expect(graph.get('apps/auth-server/src/domain/auth-service.ts')).toContain('apps/auth-server/src/domain/records.ts')
    expect(graph.get('apps/webhook-relay/src/worker/delivery-worker.ts')).toContain('apps/webhook-relay/src/domain/ports.ts')
  })

  it('the repository has none', () => {
    expect(findCycles(importGraph(root)).map((cycle) => cycle.join(' -> '))).toEqual([])
  })
})
