// What each app's `node dist/cli/migrate.js` does (the Helm chart's init Job runs it before any pod rolls): applies
// the app's migrations to DATABASE_URL once and says what it ran. PostgreSQL only: an embedded database belongs to
// the one process that opens it, which migrates it itself at start.
import { Type } from '@sinclair/typebox'
import { defineConfig, type Env } from './config.js'
import { openDatabase } from './db.js'
import { migrate, type Migration } from './migrations.js'
import { loadConfigOrExit } from './start.js'

const migrateConfig = defineConfig(Type.Object({
  DATABASE_URL: Type.String({ pattern: '^postgres(ql)?://', description: 'postgres:// URL of the database to migrate' })
}))

/** Migrates `app`'s schema on DATABASE_URL and prints one line naming the migrations applied (or none). */
export async function runMigrations (app: string, migrations: readonly Migration[], env: Env = process.env): Promise<string[]> {
  const config = loadConfigOrExit(migrateConfig, env)
  const db = await openDatabase({ url: config.DATABASE_URL, poolSize: 1 })
  try {
    const ran = await migrate(db, app, migrations)
    process.stdout.write(`${app}: ${ran.length === 0 ? 'schema up to date' : `applied ${ran.length} migration(s): ${ran.join(', ')}`}\n`)
    return ran
  } finally {
    await db.close()
  }
}
