// The behaviour every Database driver must share. Run against PGlite in unit tests and against a real
// PostgreSQL server in integration tests; apps rely on exactly these guarantees.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate, type Database } from '../../src/index.js'

export function databaseContract (name: string, open: () => Promise<Database>): void {
  describe(`Database contract: ${name}`, () => {
    let db: Database
    const app = `contract_${Math.random().toString(36).slice(2, 8)}`
    const table = `${app}_items`

    beforeAll(async () => {
      db = await open()
      await migrate(db, app, [
        {
          id: '001_items',
          sql: `CREATE TABLE ${table} (id serial PRIMARY KEY, name text NOT NULL UNIQUE, qty bigint NOT NULL DEFAULT 0, meta jsonb, created_at timestamptz NOT NULL DEFAULT now())`
        }
      ])
    })

    afterAll(async () => {
      await db.query(`DROP TABLE IF EXISTS ${table}`)
      await db.query('DELETE FROM schema_migrations WHERE app = $1', [app])
      await db.close()
    })

    it('runs parameterised queries and returns the same JS types on every driver', async () => {
      const inserted = await db.query<{ id: number, qty: number, meta: { tags: string[] }, created_at: Date }>(
        `INSERT INTO ${table} (name, qty, meta) VALUES ($1, $2, $3) RETURNING id, qty, meta, created_at`,
        ['alpha', 9_007_199_254, JSON.stringify({ tags: ['a', 'b'] })]
      )
      expect(inserted.rowCount).toBe(1)
      const row = inserted.rows[0]!
      expect(typeof row.id).toBe('number')
      expect(row.qty).toBe(9_007_199_254)
      expect(row.meta).toEqual({ tags: ['a', 'b'] })
      expect(row.created_at).toBeInstanceOf(Date)
      const updated = await db.query(`UPDATE ${table} SET qty = qty + 1 WHERE name = $1`, ['alpha'])
      expect(updated.rowCount).toBe(1)
    })

    it('runs a named statement again and again with new parameters, in and out of transactions', async () => {
      const name = `${app}_named_insert`
      const sql = `INSERT INTO ${table} (name, qty) SELECT * FROM unnest($1::text[], $2::bigint[]) RETURNING name, qty`
      for (const n of [1, 2, 3, 4, 5, 6, 7]) {
        const { rows } = await db.query<{ name: string, qty: number }>(sql, [[`named-${n}a`, `named-${n}b`], [n, n * 10]], { name })
        expect(rows).toEqual([{ name: `named-${n}a`, qty: n }, { name: `named-${n}b`, qty: n * 10 }])
      }
      await db.transaction(async (tx) => { await tx.query(sql, [['named-tx'], [99]], { name }) })
      expect((await db.query(`SELECT qty FROM ${table} WHERE name = 'named-tx'`)).rows).toEqual([{ qty: 99 }])
      await expect(db.query(sql, [['named-1a'], [1]], { name })).rejects.toMatchObject({ code: '23505' })
    })

    it('commits a transaction that resolves', async () => {
      const result = await db.transaction(async (tx) => {
        await tx.query(`INSERT INTO ${table} (name) VALUES ($1)`, ['committed'])
        return 'done'
      })
      expect(result).toBe('done')
      expect((await db.query(`SELECT 1 FROM ${table} WHERE name = 'committed'`)).rows).toHaveLength(1)
    })

    it('rolls back every statement of a transaction that throws', async () => {
      await expect(db.transaction(async (tx) => {
        await tx.query(`INSERT INTO ${table} (name) VALUES ($1)`, ['rolled-back'])
        throw new Error('abort')
      })).rejects.toThrow('abort')
      expect((await db.query(`SELECT 1 FROM ${table} WHERE name = 'rolled-back'`)).rows).toHaveLength(0)
    })

    it('surfaces constraint violations with the Postgres error code', async () => {
      await expect(db.query(`INSERT INTO ${table} (name) VALUES ('alpha')`)).rejects.toMatchObject({ code: '23505' })
    })

    it('keeps concurrent read-modify-write transactions exact', async () => {
      await db.query(`INSERT INTO ${table} (name, qty) VALUES ('counter', 0)`)
      await Promise.all(Array.from({ length: 25 }, () => db.transaction(async (tx) => {
        const { rows } = await tx.query<{ qty: number }>(`SELECT qty FROM ${table} WHERE name = 'counter' FOR UPDATE`)
        await tx.query(`UPDATE ${table} SET qty = $1 WHERE name = 'counter'`, [rows[0]!.qty + 1])
      })))
      const { rows } = await db.query<{ qty: number }>(`SELECT qty FROM ${table} WHERE name = 'counter'`)
      expect(rows[0]!.qty).toBe(25)
    })

    it('applies each migration once, in id order, per app', async () => {
      const again = await migrate(db, app, [
        { id: '002_add_note', sql: `ALTER TABLE ${table} ADD COLUMN note text; CREATE INDEX ${table}_note ON ${table} (note)` },
        { id: '001_items', sql: 'SELECT this_would_fail()' }
      ])
      expect(again).toEqual(['002_add_note'])
      expect(await migrate(db, app, [{ id: '002_add_note', sql: 'SELECT this_would_fail()' }])).toEqual([])
      await db.query(`UPDATE ${table} SET note = 'ok'`)
    })

    it('answers ping', async () => {
      await expect(db.ping()).resolves.toBeUndefined()
    })
  })
}
