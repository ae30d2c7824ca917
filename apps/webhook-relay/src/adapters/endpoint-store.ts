// Endpoints of a tenant, their signing secrets (current + the previous one during its 24 h grace period) and the
// failure bookkeeping that disables an endpoint after ENDPOINT_DISABLE_AFTER of continuous failure.
import type { SqlExecutor } from '@openmotion/common'
import { newId } from '../domain/ids.js'
import { generateSecret } from '../domain/signing.js'
import type { Endpoint, EndpointSecrets } from '../domain/types.js'
import { plaintextCipher, type DataCipher } from '../domain/envelope-encryption.js'

export const SECRET_GRACE_MS = 24 * 3600 * 1000

interface EndpointRow {
  id: string
  tenant_id: string
  url: string
  description: string
  event_types: string[] | null
  disabled: boolean
  disabled_reason: string | null
  rate_limit_per_second: number | null
  headers: Record<string, string>
  failing_since: Date | null
  created_at: Date
  updated_at: Date
  secret: string
  previous_secret: string | null
  previous_secret_expires_at: Date | null
}

export interface EndpointInput {
  url: string
  description?: string | undefined
  eventTypes?: string[] | null | undefined
  disabled?: boolean | undefined
  rateLimitPerSecond?: number | null | undefined
  headers?: Record<string, string> | undefined
}

export const toEndpoint = (row: EndpointRow): Endpoint => ({
  id: row.id,
  tenantId: row.tenant_id,
  url: row.url,
  description: row.description,
  eventTypes: row.event_types,
  disabled: row.disabled,
  disabledReason: row.disabled_reason,
  rateLimitPerSecond: row.rate_limit_per_second,
  headers: row.headers,
  failingSince: row.failing_since,
  createdAt: row.created_at,
  updatedAt: row.updated_at
})

export class EndpointStore {
  // Signing secrets are stored through the data cipher (encrypted when ENCRYPTION_KEY is set). Decrypting costs an
  // RSA operation, so plaintexts are kept per stored value; a rotated secret is a new stored value.
  private readonly decrypted = new Map<string, string>()

  constructor (private readonly db: SqlExecutor, private readonly cipher: DataCipher = plaintextCipher) {}

  private reveal (stored: string): string {
    const known = this.decrypted.get(stored)
    if (known !== undefined) return known
    // Rows written before ENCRYPTION_KEY was set hold the secret itself.
    const plain = stored.startsWith('whsec_') ? stored : this.cipher.decrypt(stored)
    if (this.decrypted.size >= 10_000) this.decrypted.clear()
    this.decrypted.set(stored, plain)
    return plain
  }

  private toSecrets (row: EndpointRow): EndpointSecrets {
    return { current: this.reveal(row.secret), previous: row.previous_secret === null ? null : this.reveal(row.previous_secret), previousExpiresAt: row.previous_secret_expires_at }
  }

  async create (tenantId: string, input: EndpointInput): Promise<{ endpoint: Endpoint, secret: string }> {
    const secret = generateSecret()
    const { rows } = await this.db.query<EndpointRow>(
      `INSERT INTO relay_endpoints (id, tenant_id, url, description, event_types, disabled, rate_limit_per_second, headers, secret)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
      [newId('ep'), tenantId, input.url, input.description ?? '', input.eventTypes === undefined || input.eventTypes === null ? null : JSON.stringify(input.eventTypes),
        input.disabled ?? false, input.rateLimitPerSecond ?? null, JSON.stringify(input.headers ?? {}), this.cipher.encrypt(secret)])
    return { endpoint: toEndpoint(rows[0] as EndpointRow), secret }
  }

  async get (tenantId: string, id: string): Promise<Endpoint | undefined> {
    const { rows } = await this.db.query<EndpointRow>('SELECT * FROM relay_endpoints WHERE tenant_id = $1 AND id = $2', [tenantId, id])
    return rows[0] === undefined ? undefined : toEndpoint(rows[0])
  }

  /** The endpoint with the secrets that sign right now (an expired previous secret is dropped). */
  async getForDelivery (id: string, now: Date = new Date()): Promise<{ endpoint: Endpoint, secrets: string[] } | undefined> {
    const { rows } = await this.db.query<EndpointRow>('SELECT * FROM relay_endpoints WHERE id = $1', [id])
    const row = rows[0]
    if (row === undefined) return undefined
    const s = this.toSecrets(row)
    const secrets = s.previous !== null && s.previousExpiresAt !== null && s.previousExpiresAt > now ? [s.current, s.previous] : [s.current]
    return { endpoint: toEndpoint(row), secrets }
  }

  async secrets (tenantId: string, id: string): Promise<EndpointSecrets | undefined> {
    const { rows } = await this.db.query<EndpointRow>('SELECT * FROM relay_endpoints WHERE tenant_id = $1 AND id = $2', [tenantId, id])
    return rows[0] === undefined ? undefined : this.toSecrets(rows[0])
  }

  async list (tenantId: string, limit: number, afterId?: string): Promise<Endpoint[]> {
    const { rows } = await this.db.query<EndpointRow>(
      'SELECT * FROM relay_endpoints WHERE tenant_id = $1 AND ($2::text IS NULL OR id < $2) ORDER BY id DESC LIMIT $3', [tenantId, afterId ?? null, limit])
    return rows.map(toEndpoint)
  }

  /** Enabled endpoints of a tenant; the caller applies the event filter. */
  async listActive (tenantId: string): Promise<Endpoint[]> {
    const { rows } = await this.db.query<EndpointRow>('SELECT * FROM relay_endpoints WHERE tenant_id = $1 AND NOT disabled', [tenantId])
    return rows.map(toEndpoint)
  }

  async update (tenantId: string, id: string, patch: Partial<EndpointInput>): Promise<Endpoint | undefined> {
    const { rows } = await this.db.query<EndpointRow>(
      `UPDATE relay_endpoints SET
         url = COALESCE($3, url),
         description = COALESCE($4, description),
         event_types = CASE WHEN $5::boolean THEN $6::jsonb ELSE event_types END,
         disabled = COALESCE($7, disabled),
         disabled_reason = CASE WHEN $7 = false THEN NULL WHEN $7 = true THEN 'disabled by tenant' ELSE disabled_reason END,
         failing_since = CASE WHEN $7 = false THEN NULL ELSE failing_since END,
         rate_limit_per_second = CASE WHEN $8::boolean THEN $9::integer ELSE rate_limit_per_second END,
         headers = COALESCE($10::jsonb, headers),
         updated_at = now()
       WHERE tenant_id = $1 AND id = $2 RETURNING *`,
      [tenantId, id, patch.url ?? null, patch.description ?? null,
        patch.eventTypes !== undefined, patch.eventTypes === undefined || patch.eventTypes === null ? null : JSON.stringify(patch.eventTypes),
        patch.disabled ?? null, patch.rateLimitPerSecond !== undefined, patch.rateLimitPerSecond ?? null,
        patch.headers === undefined ? null : JSON.stringify(patch.headers)])
    return rows[0] === undefined ? undefined : toEndpoint(rows[0])
  }

  async delete (tenantId: string, id: string): Promise<boolean> {
    const { rowCount } = await this.db.query('DELETE FROM relay_endpoints WHERE tenant_id = $1 AND id = $2', [tenantId, id])
    return rowCount > 0
  }

  /** New current secret; the old one keeps signing until its grace period ends. */
  async rotateSecret (tenantId: string, id: string, now: Date = new Date()): Promise<EndpointSecrets | undefined> {
    const { rows } = await this.db.query<EndpointRow>(
      `UPDATE relay_endpoints SET previous_secret = secret, previous_secret_expires_at = $3, secret = $4, updated_at = now()
       WHERE tenant_id = $1 AND id = $2 RETURNING *`, [tenantId, id, new Date(now.getTime() + SECRET_GRACE_MS), this.cipher.encrypt(generateSecret())])
    return rows[0] === undefined ? undefined : this.toSecrets(rows[0])
  }

  async recordSuccess (id: string): Promise<void> {
    await this.db.query('UPDATE relay_endpoints SET failing_since = NULL WHERE id = $1 AND failing_since IS NOT NULL', [id])
  }

  /** Marks the start of a failure streak; disables the endpoint once the streak is older than disableAfterMs. */
  async recordFailure (id: string, now: Date, disableAfterMs: number): Promise<boolean> {
    const { rows } = await this.db.query<{ disabled: boolean }>(
      `UPDATE relay_endpoints SET failing_since = COALESCE(failing_since, $2),
         disabled = disabled OR COALESCE(failing_since, $2) <= $3,
         disabled_reason = CASE WHEN NOT disabled AND COALESCE(failing_since, $2) <= $3 THEN 'failing continuously' ELSE disabled_reason END
       WHERE id = $1 RETURNING disabled`, [id, now, new Date(now.getTime() - disableAfterMs)])
    return rows[0]?.disabled ?? false
  }

  async disable (id: string, reason: string): Promise<void> {
    await this.db.query('UPDATE relay_endpoints SET disabled = true, disabled_reason = $2, updated_at = now() WHERE id = $1', [id, reason])
  }
}
