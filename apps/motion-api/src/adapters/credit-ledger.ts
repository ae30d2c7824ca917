// The credit ledger: append-only rows, balance = SUM(amount). A charge locks the client's row first, so
// concurrent charges for one client run one after another and the balance can never go below zero.
import type { Database, SqlExecutor } from '@openmotion/common'
import { errors } from '../errors.js'
import type { AccountStore } from './account-store.js'
import type { Ledger } from '../domain/ports.js'
import type { LedgerEntry, LedgerKind } from '../domain/records.js'

export type { LedgerEntry, LedgerKind } from '../domain/records.js'

export class CreditLedger implements Ledger {
  constructor (private readonly db: Database, private readonly accounts: AccountStore) {}

  async balance (clientId: string, executor: SqlExecutor = this.db): Promise<number> {
    const { rows } = await executor.query<{ balance: number }>(
      'SELECT COALESCE(SUM(amount), 0)::bigint AS balance FROM motion_credit_ledger WHERE client_id = $1',
      [clientId]
    )
    return rows[0]?.balance ?? 0
  }

  /** Renews an ended period, then returns the balance. */
  async currentBalance (clientId: string): Promise<number> {
    return this.db.transaction(async (tx) => {
      await this.accounts.renewPeriod(tx, clientId)
      return this.balance(clientId, tx)
    })
  }

  /** Charges `amount` inside `tx`; throws 101 when the balance is short. */
  async charge (tx: SqlExecutor, clientId: string, amount: number, rid: string, note: string): Promise<void> {
    await this.accounts.renewPeriod(tx, clientId)
    await tx.query('SELECT id FROM motion_clients WHERE id = $1 FOR UPDATE', [clientId])
    if (amount === 0) return
    const balance = await this.balance(clientId, tx)
    if (balance < amount) throw errors.INSUFFICIENT_CREDIT(`Not enough credit: ${amount} needed, ${balance} available`, { needed: amount, available: balance })
    await tx.query("INSERT INTO motion_credit_ledger (client_id, amount, kind, rid, note) VALUES ($1, $2, 'charge', $3, $4)", [clientId, -amount, rid, note])
  }

  async refund (tx: SqlExecutor, clientId: string, amount: number, rid: string, note: string): Promise<void> {
    if (amount <= 0) return
    await tx.query("INSERT INTO motion_credit_ledger (client_id, amount, kind, rid, note) VALUES ($1, $2, 'refund', $3, $4)", [clientId, amount, rid, note])
  }

  /** Admin: add (positive) or remove credits, or set the balance to an exact value; never below zero. */
  async adjust (clientId: string, change: { add?: number, set?: number }, note: string): Promise<number> {
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT id FROM motion_clients WHERE id = $1 FOR UPDATE', [clientId])
      const balance = await this.balance(clientId, tx)
      const delta = change.set !== undefined ? change.set - balance : (change.add ?? 0)
      if (balance + delta < 0) throw errors.INVALID_PARAMETER(`The balance would become negative (${balance + delta})`)
      if (delta !== 0) await tx.query("INSERT INTO motion_credit_ledger (client_id, amount, kind, note) VALUES ($1, $2, 'adjust', $3)", [clientId, delta, note])
      return balance + delta
    })
  }

  async entries (clientId: string, options: { limit?: number, rid?: string } = {}): Promise<LedgerEntry[]> {
    const { rows } = await this.db.query<{ id: number, amount: number, kind: LedgerKind, rid: string | null, note: string | null, created_at: Date }>(
      'SELECT * FROM motion_credit_ledger WHERE client_id = $1 AND ($3::text IS NULL OR rid = $3) ORDER BY id DESC LIMIT $2',
      [clientId, options.limit ?? 100, options.rid ?? null])
    return rows.map((r) => ({ id: r.id, amount: r.amount, kind: r.kind, rid: r.rid, note: r.note, createdAt: r.created_at }))
  }
}
