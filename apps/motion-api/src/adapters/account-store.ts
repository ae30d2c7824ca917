// Plans, API clients and sessions. A client's credit period rolls forward lazily: the first read after the
// period ends opens the next one and grants the plan's credits (ledger kind 'renewal').
import { hashSecret, randomToken, ReadCache, sha256Hex, verifySecret, type Database, type SqlExecutor } from '@openmotion/common'
import type { AccountRepository } from '../domain/ports.js'
import type { Client, Plan } from '../domain/records.js'

export type { Client, Plan } from '../domain/records.js'

interface ClientRow {
  id: string
  secret_hash: string
  plan: string
  disabled: boolean
  cors_origins: string[]
  period_start: Date
  period_end: Date
  created_at: Date
}

const DAY_MS = 86_400_000

function toClient (row: ClientRow): Client {
  return {
    id: row.id,
    plan: row.plan,
    disabled: row.disabled,
    corsOrigins: row.cors_origins,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    createdAt: row.created_at
  }
}

export class AccountStore implements AccountRepository {
  /**
   * Session token → its client, so a polling client does not cost a database read per request. Keyed by the token
   * itself, not its SHA-256: the hash (what the database stores) is computed only on a miss, which was a tenth of a
   * cached status poll's JavaScript. The tokens are ones this process has just received in a cookie.
   */
  private readonly sessions: ReadCache<{ client: Client, expiresAt: number }>

  /** `cacheMs` bounds how long another process's change to a client (disable, plan, secret) takes to be seen here. */
  constructor (private readonly db: Database, cacheMs = 0) {
    this.sessions = new ReadCache({ ttlMs: cacheMs })
  }

  async upsertPlan (plan: Plan): Promise<Plan> {
    await this.db.query(`INSERT INTO motion_plans (name, credits, max_variants, period_days) VALUES ($1, $2, $3, $4)
      ON CONFLICT (name) DO UPDATE SET credits = EXCLUDED.credits, max_variants = EXCLUDED.max_variants, period_days = EXCLUDED.period_days`,
    [plan.name, plan.credits, plan.maxVariants, plan.periodDays])
    return plan
  }

  async listPlans (): Promise<Plan[]> {
    const { rows } = await this.db.query<{ name: string, credits: number, max_variants: number, period_days: number }>(
      'SELECT * FROM motion_plans ORDER BY name'
    )
    return rows.map((r) => ({ name: r.name, credits: r.credits, maxVariants: r.max_variants, periodDays: r.period_days }))
  }

  async getPlan (name: string): Promise<Plan | undefined> {
    return (await this.listPlans()).find((p) => p.name === name)
  }

  /** Creates a client and grants its first period's credits in one transaction. */
  async createClient (input: { id: string, secret: string, plan: Plan, corsOrigins?: string[], now?: Date }): Promise<Client> {
    const now = input.now ?? new Date()
    const secretHash = await hashSecret(input.secret)
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<ClientRow>(`INSERT INTO motion_clients (id, secret_hash, plan, cors_origins, period_start, period_end)
        VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      [input.id, secretHash, input.plan.name, JSON.stringify(input.corsOrigins ?? []), now, new Date(now.getTime() + input.plan.periodDays * DAY_MS)])
      await tx.query("INSERT INTO motion_credit_ledger (client_id, amount, kind, note) VALUES ($1, $2, 'grant', $3)", [
        input.id,
        input.plan.credits,
        `plan ${input.plan.name}`
      ])
      return toClient(rows[0]!)
    })
  }

  async getClient (id: string): Promise<Client | undefined> {
    const { rows } = await this.db.query<ClientRow>('SELECT * FROM motion_clients WHERE id = $1', [id])
    return rows[0] === undefined ? undefined : toClient(rows[0])
  }

  async listClients (): Promise<Client[]> {
    const { rows } = await this.db.query<ClientRow>('SELECT * FROM motion_clients ORDER BY created_at')
    return rows.map(toClient)
  }

  async updateClient (id: string, changes: { disabled?: boolean, plan?: string, corsOrigins?: string[], secret?: string }): Promise<Client | undefined> {
    const secretHash = changes.secret === undefined ? null : await hashSecret(changes.secret)
    const { rows } = await this.db.query<ClientRow>(`UPDATE motion_clients SET
        disabled = COALESCE($2, disabled), plan = COALESCE($3, plan),
        cors_origins = COALESCE($4::jsonb, cors_origins), secret_hash = COALESCE($5, secret_hash)
      WHERE id = $1 RETURNING *`,
    [id, changes.disabled ?? null, changes.plan ?? null, changes.corsOrigins === undefined ? null : JSON.stringify(changes.corsOrigins), secretHash])
    if (changes.disabled === true) await this.db.query('DELETE FROM motion_sessions WHERE client_id = $1', [id])
    // Any change (disable, plan, origins, secret rotation) drops the client's cached sessions: the next request
    // reads the database again and sees the client as it now is.
    this.forgetSessionsOf(id)
    return rows[0] === undefined ? undefined : toClient(rows[0])
  }

  async verifyCredentials (id: string, secret: string): Promise<Client | undefined> {
    const { rows } = await this.db.query<ClientRow>('SELECT * FROM motion_clients WHERE id = $1', [id])
    const row = rows[0]
    if (row === undefined || row.disabled) return undefined
    return (await verifySecret(secret, row.secret_hash)) ? toClient(row) : undefined
  }

  /** Opens the next credit period(s) if the current one has ended; the plan's credits are granted per period. */
  async renewPeriod (tx: SqlExecutor, clientId: string, now = new Date()): Promise<void> {
    const { rows } = await tx.query<ClientRow & { credits: number, period_days: number }>(
      'SELECT c.*, p.credits, p.period_days FROM motion_clients c JOIN motion_plans p ON p.name = c.plan WHERE c.id = $1 FOR UPDATE OF c', [clientId])
    const row = rows[0]
    if (row === undefined || row.period_end.getTime() > now.getTime()) return
    const periodMs = row.period_days * DAY_MS
    const elapsed = Math.floor((now.getTime() - row.period_end.getTime()) / periodMs) + 1
    const start = new Date(row.period_end.getTime() + (elapsed - 1) * periodMs)
    await tx.query('UPDATE motion_clients SET period_start = $2, period_end = $3 WHERE id = $1', [clientId, start, new Date(start.getTime() + periodMs)])
    this.forgetSessionsOf(clientId)
    await tx.query("INSERT INTO motion_credit_ledger (client_id, amount, kind, note) VALUES ($1, $2, 'renewal', $3)", [
      clientId,
      row.credits,
      `period from ${start.toISOString()}`
    ])
  }

  async createSession (clientId: string, ttlSeconds: number): Promise<{ token: string, expiresAt: Date }> {
    const token = randomToken()
    const expiresAt = new Date(Date.now() + ttlSeconds * 1000)
    await this.db.query('DELETE FROM motion_sessions WHERE expires_at < now()')
    await this.db.query('INSERT INTO motion_sessions (token_hash, client_id, expires_at) VALUES ($1, $2, $3)', [sha256Hex(token), clientId, expiresAt])
    return { token, expiresAt }
  }

  cachedClientForSession (token: string): Client | undefined {
    const now = Date.now()
    const cached = this.sessions.peek(token, now)
    return cached !== undefined && cached.expiresAt > now ? cached.client : undefined
  }

  async clientForSession (token: string): Promise<Client | undefined> {
    const cached = this.cachedClientForSession(token)
    if (cached !== undefined) return cached
    const mark = this.sessions.mark()
    const { rows } = await this.db.query<ClientRow & { session_expires_at: Date }>(`SELECT c.*, s.expires_at AS session_expires_at
      FROM motion_sessions s JOIN motion_clients c ON c.id = s.client_id
      WHERE s.token_hash = $1 AND s.expires_at > now() AND NOT c.disabled`, [sha256Hex(token)])
    const row = rows[0]
    if (row === undefined) return undefined
    const client = toClient(row)
    this.sessions.set(token, { client, expiresAt: row.session_expires_at.getTime() }, mark)
    return client
  }

  /** Drops every cached session of a client; sessions deleted in the database are then refused at once. */
  forgetSessionsOf (clientId: string): void {
    this.sessions.deleteWhere((entry) => entry.client.id === clientId)
  }
}
