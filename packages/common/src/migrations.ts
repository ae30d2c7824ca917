// Forward-only migrations, kept in code (not .sql files) so the built dist needs nothing copied beside it.
// Several apps may share one database, so applied ids are recorded per app.
import type { Database } from './db.js'

export interface Migration {
  /** Sortable and unique within the app, e.g. "001_create_users". Never edit one that has shipped. */
  id: string
  sql: string
}

export async function migrate (db: Database, app: string, migrations: readonly Migration[]): Promise<string[]> {
  const ordered = [...migrations].sort((a, b) => a.id.localeCompare(b.id))
  return db.transaction(async (tx) => {
    // One migrator at a time, even when several replicas start together against PostgreSQL. One lock for every app,
    // not one per app: apps sharing a database (docker compose's three) all create schema_migrations, and two
    // concurrent CREATE TABLE IF NOT EXISTS collide on PostgreSQL's catalog (duplicate key in pg_type).
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['openmotion:schema_migrations'])
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      app text NOT NULL, id text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (app, id))`)
    const { rows } = await tx.query<{ id: string }>('SELECT id FROM schema_migrations WHERE app = $1', [app])
    const applied = new Set(rows.map((r) => r.id))
    const ran: string[] = []
    for (const migration of ordered) {
      if (applied.has(migration.id)) continue
      await tx.query(migration.sql)
      await tx.query('INSERT INTO schema_migrations (app, id) VALUES ($1, $2)', [app, migration.id])
      ran.push(migration.id)
    }
    return ran
  })
}
