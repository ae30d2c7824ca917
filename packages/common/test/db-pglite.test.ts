import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../src/index.js'
import { databaseContract } from './contract/database-contract.js'

databaseContract('PGlite in memory', () => openDatabase({}))

describe('PGlite on disk', () => {
  const dir = mkdtempSync(join(tmpdir(), 'openmotion-pglite-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('keeps data across reopening the same data directory', async () => {
    const first = await openDatabase({ dataDir: join(dir, 'db') })
    expect(first.kind).toBe('pglite')
    await first.query('CREATE TABLE kept (v text)')
    await first.query("INSERT INTO kept VALUES ('still here')")
    await first.close()
    const second = await openDatabase({ dataDir: join(dir, 'db') })
    expect((await second.query<{ v: string }>('SELECT v FROM kept')).rows).toEqual([{ v: 'still here' }])
    await second.close()
  })
})
