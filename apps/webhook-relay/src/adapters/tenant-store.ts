// Tenants and their API keys. Keys are stored only as SHA-256 hashes (see domain/api-keys.ts).
import { ReadCache, type SqlExecutor } from '@openmotion/common'
import { generateApiKey, hashApiKey, keyPrefix } from '../domain/api-keys.js'
import { newId } from '../domain/ids.js'
import type { TenantRepository } from '../domain/ports.js'
import type { ApiKeyInfo, Tenant } from '../domain/types.js'

interface TenantRow { id: string, name: string, created_at: Date }
interface KeyRow { id: string, tenant_id: string, prefix: string, created_at: Date }

const toTenant = (row: TenantRow): Tenant => ({ id: row.id, name: row.name, createdAt: row.created_at })
const toKey = (row: KeyRow): ApiKeyInfo => ({ id: row.id, tenantId: row.tenant_id, prefix: row.prefix, createdAt: row.created_at })

// Every ingest request authenticates, so key → tenant is cached briefly (ReadCache: a lookup that overlapped a
// revocation stores nothing). Revocation through this instance takes effect at once; other relay instances
// notice within KEY_CACHE_MS. Unknown keys are not cached, so a new key works at once everywhere.
const KEY_CACHE_MS = 5000
const KEY_CACHE_SIZE = 10_000

export class TenantStore implements TenantRepository {
  private readonly keyCache = new ReadCache<string>({ ttlMs: KEY_CACHE_MS, maxEntries: KEY_CACHE_SIZE })

  constructor (private readonly db: SqlExecutor) {}

  async create (name: string): Promise<Tenant> {
    const { rows } = await this.db.query<TenantRow>('INSERT INTO relay_tenants (id, name) VALUES ($1, $2) RETURNING *', [newId('tnt'), name])
    return toTenant(rows[0] as TenantRow)
  }

  async list (limit: number, afterId?: string): Promise<Tenant[]> {
    const { rows } = await this.db.query<TenantRow>(
      'SELECT * FROM relay_tenants WHERE ($1::text IS NULL OR id < $1) ORDER BY id DESC LIMIT $2', [afterId ?? null, limit])
    return rows.map(toTenant)
  }

  async get (id: string): Promise<Tenant | undefined> {
    const { rows } = await this.db.query<TenantRow>('SELECT * FROM relay_tenants WHERE id = $1', [id])
    return rows[0] === undefined ? undefined : toTenant(rows[0])
  }

  /** Returns the key in clear exactly once; only its hash is kept. */
  async createKey (tenantId: string): Promise<{ key: string, info: ApiKeyInfo }> {
    const key = generateApiKey()
    const { rows } = await this.db.query<KeyRow>(
      'INSERT INTO relay_api_keys (id, tenant_id, key_hash, prefix) VALUES ($1, $2, $3, $4) RETURNING id, tenant_id, prefix, created_at',
      [newId('key'), tenantId, hashApiKey(key), keyPrefix(key)])
    return { key, info: toKey(rows[0] as KeyRow) }
  }

  async listKeys (tenantId: string): Promise<ApiKeyInfo[]> {
    const { rows } = await this.db.query<KeyRow>('SELECT id, tenant_id, prefix, created_at FROM relay_api_keys WHERE tenant_id = $1 ORDER BY id', [tenantId])
    return rows.map(toKey)
  }

  async deleteKey (tenantId: string, keyId: string): Promise<boolean> {
    const { rows } = await this.db.query<{ key_hash: string }>('DELETE FROM relay_api_keys WHERE tenant_id = $1 AND id = $2 RETURNING key_hash', [
      tenantId,
      keyId
    ])
    for (const row of rows) this.keyCache.delete(row.key_hash)
    return rows.length > 0
  }

  cachedTenantIdForKey (key: string, now: number = Date.now()): string | undefined {
    return this.keyCache.peek(hashApiKey(key), now)
  }

  async tenantIdForKey (key: string, now: number = Date.now()): Promise<string | undefined> {
    const hash = hashApiKey(key)
    const cached = this.keyCache.peek(hash, now)
    if (cached !== undefined) return cached
    const mark = this.keyCache.mark()
    const { rows } = await this.db.query<{ tenant_id: string }>('SELECT tenant_id FROM relay_api_keys WHERE key_hash = $1', [hash])
    const tenantId = rows[0]?.tenant_id
    if (tenantId !== undefined) this.keyCache.set(hash, tenantId, mark, now)
    return tenantId
  }
}
