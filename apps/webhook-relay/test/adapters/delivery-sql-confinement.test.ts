// ARCHITECTURE.md: every statement that writes a delivery's status, lease or transition, an attempt or an outbox row
// is in adapters/delivery-sql.ts, where each takes its from- and to-sets from the state table. This reads the relay's
// sources and fails on such a statement written anywhere else.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const src = fileURLToPath(new URL('../../src/', import.meta.url))
const WRITE = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(?:relay_deliveries|relay_delivery_transitions|relay_attempts|relay_outbox)\b/gi
const HOME = 'adapters/delivery-sql.ts'

function sources (dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [])
}

/** `file: statement head` for every write to those tables, migrations (the schema itself) left out. */
function writesOutside (home: string): string[] {
  return sources(src)
    .map((file) => relative(src, file).split('\\').join('/'))
    .filter((file) => file !== home && file !== 'adapters/migrations.ts')
    .flatMap((file) => [...readFileSync(join(src, file), 'utf8').matchAll(WRITE)].map((m) => `${file}: ${m[0].replace(/\s+/g, ' ')}`))
}

describe('delivery SQL confinement', () => {
  it('finds the writes where they are, so the check below can fail', () => {
    expect(writesOutside('none')).toEqual(expect.arrayContaining([
      `${HOME}: UPDATE relay_deliveries`, `${HOME}: INSERT INTO relay_outbox`, `${HOME}: DELETE FROM relay_outbox`
    ]))
  })

  it('writes delivery statuses, leases, transitions, attempts and outbox rows in delivery-sql.ts only', () => {
    expect(writesOutside(HOME)).toEqual([])
  })
})
