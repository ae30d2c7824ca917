// One small SQL interface over two drivers: PostgreSQL (pg) in production, embedded PGlite (real Postgres
// compiled to WASM) for the zero-dependency quick start and tests. Callers write plain Postgres SQL with
// $1-style parameters; both drivers return the same JS types (int8 as number, timestamptz as Date, jsonb parsed).
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'

export interface QueryResult<R> {
  rows: R[]
  rowCount: number
}

export interface QueryOptions {
  /**
   * Prepares the statement once per PostgreSQL connection under this name and only binds it afterwards: the
   * server skips parsing and planning and the text is not sent again. For a hot statement whose text never
   * changes (one name, one text). PGlite ignores it.
   */
  name?: string
}

export interface SqlExecutor {
  query<R = Record<string, unknown>> (sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<QueryResult<R>>
}

export interface Database extends SqlExecutor {
  readonly kind: 'postgres' | 'pglite'
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T> (fn: (tx: SqlExecutor) => Promise<T>): Promise<T>
  ping (): Promise<void>
  close (): Promise<void>
}

export interface DatabaseOptions {
  /** A postgres:// or postgresql:// URL selects PostgreSQL; otherwise PGlite is used. */
  url?: string | undefined
  /** PGlite data directory; omitted means in memory (tests). */
  dataDir?: string | undefined
  poolSize?: number
}

const INT8_OID = 20

function parseInt8 (value: string): number {
  return Number(value)
}

export function isPostgresUrl (url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:\/\//.test(url)
}

export async function openDatabase (options: DatabaseOptions): Promise<Database> {
  return isPostgresUrl(options.url) ? openPostgres(options.url, options.poolSize ?? 10) : openPglite(options.dataDir)
}

const ignoreClientError = (): void => {}

function openPostgres (url: string, poolSize: number): Database {
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser
  }
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types })
  // An idle connection the server ends (a PostgreSQL restart, a terminated backend) makes the pool emit 'error';
  // unheard, that event would crash the process. The pool has already dropped the connection and the next query
  // opens a new one, so there is nothing else to do.
  pool.on('error', () => {})
  const run = async <R>(client: pg.Pool | pg.PoolClient, sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<QueryResult<R>> => {
    const values = params === undefined ? undefined : [...params]
    const result = options?.name === undefined ? await client.query(sql, values) : await client.query({ name: options.name, text: sql, values })
    return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 }
  }
  return {
    kind: 'postgres',
    query: (sql, params, options) => run(pool, sql, params, options),
    async transaction (fn) {
      const client = await pool.connect()
      // A checked-out client has no pool listener: the server ending its session mid-transaction (a restart's fast
      // shutdown) emits 'error' on it, which unheard would end the process. The failure reaches the caller anyway,
      // as the rejected query.
      client.on('error', ignoreClientError)
      try {
        await client.query('BEGIN')
        const result = await fn({ query: (sql, params, options) => run(client, sql, params, options) })
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw error
      } finally {
        client.off('error', ignoreClientError)
        client.release()
      }
    },
    async ping () { await pool.query('SELECT 1') },
    async close () { await pool.end() }
  }
}

/**
 * PostgreSQL settings of the embedded database, on top of PGlite's own start parameters. Its defaults (from initdb)
 * size shared_buffers at 128 MB, and PostgreSQL touches every buffer page at start: inside the WASM memory that is
 * 128 MB resident per process before the first query. The embedded database serves one small app; 16 MB of buffers
 * holds its working set, and the operating system's page cache sits behind the data directory's files anyway.
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = Object.freeze({
  shared_buffers: '16MB',
  // WASM memory grows and never shrinks: bound what one VACUUM or CREATE INDEX may take (the default is 64 MB).
  maintenance_work_mem: '16MB'
})

// PGlite is loaded when an embedded database opens: a process on PostgreSQL never holds its module (~1 MB of heap).
async function loadPglite (): Promise<{ PGlite: typeof PGlite, startParams: string[] }> {
  const { PGlite } = await import('@electric-sql/pglite')
  const startParams = [...PGlite.defaultStartParams, ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`])]
  return { PGlite, startParams }
}

// Runs in a short-lived child process: `node -e INITDB_SCRIPT <pglite CommonJS entry> <data dir> <start params JSON>`.
const INITDB_SCRIPT = `const { PGlite } = require(process.argv[1])
PGlite.create(process.argv[2], { startParams: JSON.parse(process.argv[3]) }).then((db) => db.close())`

/**
 * Creates a new data directory in a child process. PGlite's initdb runs a second PostgreSQL instance and the initdb
 * WASM beside the database; in the app's own process their memory stays resident long after they close (300 to
 * 450 MB measured, until a garbage collection that an idle process may never run, and glibc keeps much of it even
 * then). In a child it is gone when the child exits.
 */
async function initPgliteDataDir (dataDir: string, startParams: readonly string[]): Promise<void> {
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  try {
    await promisify(execFile)(process.execPath, ['-e', INITDB_SCRIPT, pgliteEntry, dataDir, JSON.stringify(startParams)])
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? ''
    throw new Error(`could not create the embedded database in ${dataDir}: ${stderr.trim() || String(error)}`)
  }
}

/**
 * PGlite is a single connection. A FIFO lock gives each transaction that connection alone, the way a pool
 * hands a client to one caller, so statements of concurrent callers never interleave inside a transaction.
 */
async function openPglite (dataDir: string | undefined): Promise<Database> {
  const { PGlite, startParams } = await loadPglite()
  if (dataDir !== undefined) {
    mkdirSync(dataDir, { recursive: true })
    if (!existsSync(join(dataDir, 'PG_VERSION'))) await initPgliteDataDir(dataDir, startParams)
  }
  const db = await PGlite.create(dataDir ?? 'memory://', { parsers: { [INT8_OID]: parseInt8 }, startParams })
  let tail: Promise<unknown> = Promise.resolve()
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = tail.then(fn, fn)
    tail = next.catch(() => undefined)
    return next
  }
  // Without parameters a statement goes through the simple protocol, as with pg, so migrations may hold several.
  const run = async <R>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>> => {
    if (params === undefined || params.length === 0) {
      const results = await db.exec(sql)
      const last = results[results.length - 1]
      return { rows: (last?.rows ?? []) as R[], rowCount: last?.affectedRows ?? last?.rows.length ?? 0 }
    }
    const result = await db.query<R>(sql, [...params])
    return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length }
  }
  return {
    kind: 'pglite',
    query: (sql, params) => exclusive(() => run(sql, params)),
    transaction: (fn) => exclusive(async () => {
      await db.exec('BEGIN')
      try {
        const result = await fn({ query: run })
        await db.exec('COMMIT')
        return result
      } catch (error) {
        await db.exec('ROLLBACK').catch(() => undefined)
        throw error
      }
    }),
    ping: () => exclusive(async () => { await db.query('SELECT 1') }),
    close: () => exclusive(() => db.close())
  }
}
