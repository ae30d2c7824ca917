// Endpoints of a tenant, their signing secrets (current + the previous one during its 24 h grace period) and the
// failure bookkeeping that disables an endpoint after ENDPOINT_DISABLE_AFTER of continuous failure.
import { ReadCache, type SqlExecutor } from '@openmotion/common'
import { newId } from '../domain/ids.js'
import type { DeliveryTarget, EndpointRepository, FailureRecord } from '../domain/ports.js'
import { generateSecret } from '../domain/signing.js'
import type { Endpoint, EndpointInput, EndpointSecrets } from '../domain/types.js'
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
  headers_sealed: string | null
  failing_since: Date | null
  retry_schedule: string[] | null
  consecutive_failures: number
  circuit_open_until: Date | null
  created_at: Date
  updated_at: Date
  secret: string
  previous_secret: string | null
  previous_secret_expires_at: Date | null
}

const toEndpoint = (row: EndpointRow, headers: Record<string, string>): Endpoint => ({
  id: row.id,
  tenantId: row.tenant_id,
  url: row.url,
  description: row.description,
  eventTypes: row.event_types,
  disabled: row.disabled,
  disabledReason: row.disabled_reason,
  rateLimitPerSecond: row.rate_limit_per_second,
  headers,
  failingSince: row.failing_since,
  retrySchedule: row.retry_schedule,
  consecutiveFailures: row.consecutive_failures,
  circuitOpenUntil: row.circuit_open_until,
  createdAt: row.created_at,
  updatedAt: row.updated_at
})

// Every accepted webhook needs its tenant's active endpoints, so they are cached for ENDPOINT_CACHE_MS. A change
// made through this instance clears the cache at once (a read that raced the change is not stored);
// other instances see it within ENDPOINT_CACHE_MS and one read. A stale entry can only create a delivery that the
// worker then refuses: it claims against the endpoint row itself, so nothing reaches a deleted or disabled endpoint.
export const ENDPOINT_CACHE_MS = 1000
const ENDPOINT_CACHE_SIZE = 10_000

export class EndpointStore implements EndpointRepository {
  private readonly active = new ReadCache<Endpoint[]>({ ttlMs: ENDPOINT_CACHE_MS, maxEntries: ENDPOINT_CACHE_SIZE })
  private readonly rates = new ReadCache<number | null>({ ttlMs: ENDPOINT_CACHE_MS, maxEntries: ENDPOINT_CACHE_SIZE })
  private readonly targets = new WeakMap<object, { target: DeliveryTarget, until: number }>()

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

  /** Headers are sealed like secrets (schema 021); rows written before that hold them in `headers`. */
  private toEndpoint = (row: EndpointRow): Endpoint =>
    toEndpoint(row, row.headers_sealed === null ? row.headers : JSON.parse(this.reveal(row.headers_sealed)) as Record<string, string>)

  private seal (headers: Record<string, string>): string {
    return this.cipher.encrypt(JSON.stringify(headers))
  }

  private toSecrets (row: EndpointRow): EndpointSecrets {
    return {
      current: this.reveal(row.secret),
      previous: row.previous_secret === null ? null : this.reveal(row.previous_secret),
      previousExpiresAt: row.previous_secret_expires_at
    }
  }

  async create (tenantId: string, input: EndpointInput): Promise<{ endpoint: Endpoint, secret: string }> {
    const secret = generateSecret()
    const { rows } = await this.db.query<EndpointRow>(
      `INSERT INTO relay_endpoints (id, tenant_id, url, description, event_types, disabled, rate_limit_per_second, headers_sealed, secret, retry_schedule)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
      [
        newId('ep'),
        tenantId,
        input.url,
        input.description ?? '',
        input.eventTypes === undefined || input.eventTypes === null ? null : JSON.stringify(input.eventTypes),
        input.disabled ?? false,
        input.rateLimitPerSecond ?? null,
        this.seal(input.headers ?? {}),
        this.cipher.encrypt(secret),
        input.retrySchedule === undefined || input.retrySchedule === null ? null : JSON.stringify(input.retrySchedule)
      ]
    )
    this.changed()
    return { endpoint: this.toEndpoint(rows[0] as EndpointRow), secret }
  }

  async get (tenantId: string, id: string): Promise<Endpoint | undefined> {
    const { rows } = await this.db.query<EndpointRow>('SELECT * FROM relay_endpoints WHERE tenant_id = $1 AND id = $2', [tenantId, id])
    return rows[0] === undefined ? undefined : this.toEndpoint(rows[0])
  }

  /** The endpoint with the secrets that sign right now (an expired previous secret is dropped). */
  async getForDelivery (id: string, now: Date = new Date()): Promise<DeliveryTarget | undefined> {
    const { rows } = await this.db.query<EndpointRow>('SELECT * FROM relay_endpoints WHERE id = $1', [id])
    const row = rows[0]
    return row === undefined ? undefined : this.target(row, now)
  }

  /**
   * The target of an endpoint row read as JSON (to_jsonb) by the worker's claiming statement. The jobs of one
   * endpoint claimed together share the row object, so it is turned into a target once (until a previous secret
   * it signs with expires).
   */
  targetOf (json: Record<string, unknown>, now: Date = new Date()): DeliveryTarget {
    const known = this.targets.get(json)
    if (known !== undefined && now.getTime() < known.until) return known.target
    const date = (value: unknown) => value === null || value === undefined ? null : new Date(value as string)
    const target = this.target({
      ...(json as unknown as EndpointRow),
      failing_since: date(json.failing_since),
      circuit_open_until: date(json.circuit_open_until),
      previous_secret_expires_at: date(json.previous_secret_expires_at),
      created_at: date(json.created_at) as Date,
      updated_at: date(json.updated_at) as Date
    }, now)
    const expires = date(json.previous_secret_expires_at)?.getTime() ?? Infinity
    this.targets.set(json, { target, until: expires > now.getTime() ? expires : Infinity })
    return target
  }

  /**
   * An endpoint's rate limit, for admission before a job is claimed; cached for ENDPOINT_CACHE_MS (a changed
   * limit applies within that long and one read; null also for an endpoint that is gone, whose job the claim then
   * refuses). Every job asks, so concurrent misses share one read (a worker starting on a backlog took 100 reads at
   * once, queued ahead of its claims on the pool), and an expired entry keeps answering while one read refreshes it.
   */
  async rateLimitOf (id: string, now: number = Date.now()): Promise<number | null> {
    return this.rates.get(id, async () => {
      const { rows } = await this.db.query<{ rate_limit_per_second: number | null }>('SELECT rate_limit_per_second FROM relay_endpoints WHERE id = $1', [id])
      return rows[0]?.rate_limit_per_second ?? null
    }, now)
  }

  private target (row: EndpointRow, now: Date): DeliveryTarget {
    const s = this.toSecrets(row)
    const secrets = s.previous !== null && s.previousExpiresAt !== null && s.previousExpiresAt > now ? [s.current, s.previous] : [s.current]
    return { endpoint: this.toEndpoint(row), secrets }
  }

  async secrets (tenantId: string, id: string): Promise<EndpointSecrets | undefined> {
    const { rows } = await this.db.query<EndpointRow>('SELECT * FROM relay_endpoints WHERE tenant_id = $1 AND id = $2', [tenantId, id])
    return rows[0] === undefined ? undefined : this.toSecrets(rows[0])
  }

  async list (tenantId: string, limit: number, afterId?: string): Promise<Endpoint[]> {
    const { rows } = await this.db.query<EndpointRow>(
      'SELECT * FROM relay_endpoints WHERE tenant_id = $1 AND ($2::text IS NULL OR id < $2) ORDER BY id DESC LIMIT $3', [tenantId, afterId ?? null, limit])
    return rows.map(this.toEndpoint)
  }

  /**
   * Enabled endpoints of a tenant (cached, see ENDPOINT_CACHE_MS); the caller applies the event filter. Like the
   * rate limits, concurrent misses share one read and an expired entry answers while one read refreshes it (every
   * second, each request in flight missed at once and read the endpoints itself).
   */
  async listActive (tenantId: string, now: number = Date.now()): Promise<Endpoint[]> {
    return this.active.get(tenantId, async () => {
      const { rows } = await this.db.query<EndpointRow>('SELECT * FROM relay_endpoints WHERE tenant_id = $1 AND NOT disabled', [tenantId])
      return rows.map(this.toEndpoint)
    }, now)
  }

  /** Some endpoint changed: the next acceptance reads endpoints again. */
  private changed (): void {
    this.active.clear()
    this.rates.clear()
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
         headers = CASE WHEN $10::text IS NULL THEN headers ELSE '{}'::jsonb END,
         headers_sealed = COALESCE($10::text, headers_sealed),
         retry_schedule = CASE WHEN $11::boolean THEN $12::jsonb ELSE retry_schedule END,
         consecutive_failures = CASE WHEN $7 = false THEN 0 ELSE consecutive_failures END,
         circuit_open_until = CASE WHEN $7 = false THEN NULL ELSE circuit_open_until END,
         updated_at = now()
       WHERE tenant_id = $1 AND id = $2 RETURNING *`,
      [tenantId, id, patch.url ?? null, patch.description ?? null,
        patch.eventTypes !== undefined, patch.eventTypes === undefined || patch.eventTypes === null ? null : JSON.stringify(patch.eventTypes),
        patch.disabled ?? null, patch.rateLimitPerSecond !== undefined, patch.rateLimitPerSecond ?? null,
        patch.headers === undefined ? null : this.seal(patch.headers),
        patch.retrySchedule !== undefined, patch.retrySchedule === undefined || patch.retrySchedule === null ? null : JSON.stringify(patch.retrySchedule)])
    this.changed()
    return rows[0] === undefined ? undefined : this.toEndpoint(rows[0])
  }

  async delete (tenantId: string, id: string): Promise<boolean> {
    const { rowCount } = await this.db.query('DELETE FROM relay_endpoints WHERE tenant_id = $1 AND id = $2', [tenantId, id])
    this.changed()
    return rowCount > 0
  }

  /** New current secret; the old one keeps signing until its grace period ends. */
  async rotateSecret (tenantId: string, id: string, now: Date = new Date()): Promise<EndpointSecrets | undefined> {
    const { rows } = await this.db.query<EndpointRow>(
      `UPDATE relay_endpoints SET previous_secret = secret, previous_secret_expires_at = $3, secret = $4, updated_at = now()
       WHERE tenant_id = $1 AND id = $2 RETURNING *`, [tenantId, id, new Date(now.getTime() + SECRET_GRACE_MS), this.cipher.encrypt(generateSecret())])
    this.changed()
    return rows[0] === undefined ? undefined : this.toSecrets(rows[0])
  }

  /** A success ends the failure streak and closes the circuit. */
  async recordSuccess (id: string): Promise<void> {
    await this.db.query(
      `UPDATE relay_endpoints SET failing_since = NULL, consecutive_failures = 0, circuit_open_until = NULL
       WHERE id = $1 AND (failing_since IS NOT NULL OR consecutive_failures > 0 OR circuit_open_until IS NOT NULL)`, [id])
  }

  /**
   * Counts a failed attempt: starts the failure streak (disabling the endpoint once it is older than
   * disableAfterMs) and opens the circuit until now + cooldownMs once `threshold` attempts in a row failed (a
   * failed probe reopens it the same way).
   */
  async recordFailure (id: string, now: Date, disableAfterMs: number, circuit: { threshold: number, cooldownMs: number }): Promise<FailureRecord> {
    const { rows } = await this.db.query<{ disabled: boolean, circuit_open_until: Date | null, opened: boolean }>(
      `UPDATE relay_endpoints SET failing_since = COALESCE(failing_since, $2),
         disabled = disabled OR COALESCE(failing_since, $2) <= $3,
         disabled_reason = CASE WHEN NOT disabled AND COALESCE(failing_since, $2) <= $3 THEN 'failing continuously' ELSE disabled_reason END,
         consecutive_failures = consecutive_failures + 1,
         circuit_open_until = CASE WHEN consecutive_failures + 1 >= $4 THEN $5 ELSE circuit_open_until END
       WHERE id = $1 RETURNING disabled, circuit_open_until, consecutive_failures >= $4 AS opened`,
      [id, now, new Date(now.getTime() - disableAfterMs), circuit.threshold, new Date(now.getTime() + circuit.cooldownMs)])
    const row = rows[0]
    if (row?.disabled === true) this.changed()
    return { disabled: row?.disabled ?? false, openedUntil: row?.opened === true ? row.circuit_open_until : null }
  }

  /**
   * Half-open: the first caller after the circuit's open time wins the one probe (the circuit stays open for
   * everyone else until its outcome); false when another relay or job took it.
   */
  async takeProbe (id: string, now: Date, cooldownMs: number): Promise<boolean> {
    const { rowCount } = await this.db.query(
      'UPDATE relay_endpoints SET circuit_open_until = $3 WHERE id = $1 AND circuit_open_until <= $2', [id, now, new Date(now.getTime() + cooldownMs)])
    return rowCount > 0
  }

  async disable (id: string, reason: string): Promise<void> {
    await this.db.query('UPDATE relay_endpoints SET disabled = true, disabled_reason = $2, updated_at = now() WHERE id = $1', [id, reason])
    this.changed()
  }
}
