import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { findCycles, importGraph, type ImportGraph } from './import-cycles.js'

const root = fileURLToPath(new URL('..', import.meta.url))
let repository: ImportGraph

// Reading and parsing every source file takes seconds on a busy machine: once for the file, with room to spare.
beforeAll(() => { repository = importGraph(root) }, 120_000)

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
    expect(repository.get('apps/auth-server/src/domain/auth-service.ts')).toContain('apps/auth-server/src/domain/records.ts')
    expect(repository.get('apps/webhook-relay/src/worker/delivery-worker.ts')).toContain('apps/webhook-relay/src/domain/ports.ts')
  })

  it('the repository has none', () => {
    expect(findCycles(repository).map((cycle) => cycle.join(' -> '))).toEqual([])
  })
})
