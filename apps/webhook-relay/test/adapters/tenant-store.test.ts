import { describe, expect, it } from 'vitest'
import type { QueryResult, SqlExecutor } from '@openmotion/common'
import { TenantStore } from '../../src/adapters/tenant-store.js'
import { hashApiKey } from '../../src/domain/api-keys.js'

const KEY = 'whk_live_race_key_0123456789abcdef'

/** A database of one key whose lookups wait until the test releases them. */
function heldLookups (): { db: SqlExecutor, release: () => void } {
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => { release = resolve })
  const db: SqlExecutor = {
    async query<R> (sql: string): Promise<QueryResult<R>> {
      if (sql.startsWith('SELECT tenant_id')) {
        await held
        // The row the lookup read before the key was deleted.
        return { rows: [{ tenant_id: 'tnt_1' }] as R[], rowCount: 1 } as QueryResult<R>
      }
      if (sql.startsWith('DELETE FROM relay_api_keys')) return { rows: [{ key_hash: hashApiKey(KEY) }] as R[], rowCount: 1 } as QueryResult<R>
      throw new Error(`unexpected query ${sql}`)
    }
  }
  return { db, release: () => { release() } }
}

describe('TenantStore key cache', () => {
  it('does not put a key back in the cache when its lookup was in flight while the key was deleted', async () => {
    const { db, release } = heldLookups()
    const tenants = new TenantStore(db)
    const lookup = tenants.tenantIdForKey(KEY)
    expect(await tenants.deleteKey('tnt_1', 'key_1')).toBe(true)
    release()
    await lookup
    expect(tenants.cachedTenantIdForKey(KEY)).toBeUndefined()
  })

  it('caches a lookup that overlapped no deletion', async () => {
    const { db, release } = heldLookups()
    const tenants = new TenantStore(db)
    release()
    expect(await tenants.tenantIdForKey(KEY)).toBe('tnt_1')
    expect(tenants.cachedTenantIdForKey(KEY)).toBe('tnt_1')
  })
})
