// The database an app owns for its lifetime: opened (PostgreSQL when the URL says so, embedded PGlite otherwise),
// migrated, checked by /readyz, closed after the server stops. A database handed in (tests, a shared pool) is
// migrated and checked but left open: whoever opened it closes it.
import type { FastifyInstance } from 'fastify'
import { openDatabase, type Database } from './db.js'
import { migrate, type Migration } from './migrations.js'
import { reportStartup } from './starting-server.js'

export interface AppDatabaseOptions {
  /** Names the app's rows in the migrations table (several apps may share one database). */
  app: string
  migrations: readonly Migration[]
  /** DATABASE_URL; unset or not postgres:// opens PGlite in dataDir. */
  url: string | undefined
  dataDir: string
  /** An already open database to use instead. */
  given?: Database
}

export async function openAppDatabase (app: FastifyInstance, options: AppDatabaseOptions): Promise<Database> {
  reportStartup('database', 'opening')
  const db = options.given ?? await openDatabase({ url: options.url, dataDir: options.dataDir })
  reportStartup('database', 'migrating')
  try {
    await migrate(db, options.app, options.migrations)
  } catch (error) {
    if (options.given === undefined) await db.close()
    throw error
  }
  reportStartup('database', undefined)
  app.readiness.requires('database', async () => { await db.ping() })
  if (options.given === undefined) app.addHook('onClose', async () => { await db.close() })
  return db
}
