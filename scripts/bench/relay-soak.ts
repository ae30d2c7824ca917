// `pnpm bench:relay-soak`: does the relay's drain rate hold as its tables grow? Round after round on one
// PostgreSQL database (created for the run, dropped after): a relay without a worker accepts SOAK_ROUND messages
// (default 20,000) to one endpoint, then a worker relay on the same database and queue (SOAK_QUEUE: redis, the
// default, or memory or kafka) drains them, timed from its first delivery to its last, with the CPU per delivery of
// the relay (this process) and of the database's PostgreSQL backends. After each round it prints what grew: live
// and dead rows, table and index sizes of the relay's tables. SOAK_MESSAGES (default 200,000) is the total.
// Retention runs as it does in production (RETENTION_DAYS), so nothing is deleted during a soak of minutes: the
// figures show what a day's traffic leaves behind. SOAK_ANALYZE=1 analyses the relay's tables after each drain, as
// autovacuum does at some moment within its minute: the next round's backlog then meets statistics taken while every
// delivery had succeeded (a soak of minutes otherwise sees one or two of autovacuum's passes, at random moments).
// SOAK_DATABASE names a database to keep (created when missing, never dropped): a long soak then runs in chunks
// of SOAK_MESSAGES, each continuing on the rows of the last (each chunk adds a tenant and an endpoint).
import { randomBytes, randomUUID } from 'node:crypto'
import { openDatabase, type Database } from '../../packages/common/src/index.js'
import { perOperation } from './cpu-meter.js'
import { startReceiver, startRelay, timeDrain } from './relay-bench.js'

const perRound = Number(process.env.SOAK_ROUND ?? 20_000)
const total = Number(process.env.SOAK_MESSAGES ?? 200_000)
const backend = process.env.SOAK_QUEUE ?? 'redis'
const body = JSON.stringify({ event: 'job.completed', data: { jobId: 42, frames: 240, url: 'https://example.com/a.fbx' } })
const TABLES = ['relay_messages', 'relay_deliveries', 'relay_delivery_transitions', 'relay_attempts', 'relay_outbox', 'relay_idempotency']

const adminUrl = process.env.TEST_DATABASE_URL
if (adminUrl === undefined || adminUrl === '') throw new Error('relay-soak needs TEST_DATABASE_URL (PostgreSQL)')

interface TableFigures { table: string, live: number, dead: number, tableMb: number, indexMb: number }

async function growth (db: Database): Promise<TableFigures[]> {
  const { rows } = await db.query<{ table: string, live: string, dead: string, table_bytes: string, index_bytes: string }>(
    `SELECT relname AS table, n_live_tup AS live, n_dead_tup AS dead, pg_table_size(relid) AS table_bytes,
       pg_indexes_size(relid) AS index_bytes FROM pg_stat_user_tables WHERE relname = ANY($1::text[]) ORDER BY relname`,
    [TABLES]
  )
  const mb = (bytes: string) => Number(bytes) / 1_048_576
  return rows.map((r) => ({ table: r.table, live: Number(r.live), dead: Number(r.dead), tableMb: mb(r.table_bytes), indexMb: mb(r.index_bytes) }))
}

async function accept (url: string, key: string, count: number): Promise<void> {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' }
  for (let i = 0; i < count; i += 200) {
    await Promise.all(
      Array.from({ length: Math.min(200, count - i) }, () => fetch(`${url}/webhook`, { method: 'POST', headers, body }).then((r) => r.arrayBuffer()))
    )
  }
}

const kept = process.env.SOAK_DATABASE
if (kept !== undefined && !/^\w+$/.test(kept)) throw new Error('SOAK_DATABASE must be a plain database name')
const name = kept ?? `soak_${randomBytes(6).toString('hex')}`
const admin = await openDatabase({ url: adminUrl })
const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rows.length > 0
if (!exists) await admin.query(`CREATE DATABASE ${name}`)
const databaseUrl = new URL(adminUrl)
databaseUrl.pathname = `/${name}`
const receiver = await startReceiver()
const env = {
  DATABASE_URL: databaseUrl.toString(),
  STORAGE_TYPE: backend,
  QUEUE_PREFIX: `soak-${randomUUID()}`,
  ...(backend === 'redis' ? { REDIS_URL: process.env.TEST_REDIS_URL ?? '' } : {}),
  ...(backend === 'kafka' ? { KAFKA_BROKER: process.env.TEST_KAFKA_BROKER ?? '' } : {})
}
const stats = await openDatabase({ url: databaseUrl.toString() })
console.log(`relay soak: ${total} messages in rounds of ${perRound}, ${backend} queue, PostgreSQL, one endpoint${process.env.SOAK_ANALYZE === '1' ? ', ANALYZE after each drain' : ''}; load average at start ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')}`)
const already = exists ? Number((await stats.query<{ n: string }>('SELECT count(*) AS n FROM relay_messages')).rows[0]?.n ?? 0) : 0
if (exists) console.log(`continuing on ${name}: ${already} messages stored before this chunk`)
try {
  let key: string | undefined
  let sent = 0
  for (let round = 1; sent < total; round++) {
    const count = Math.min(perRound, total - sent)
    const producer = await startRelay({ ...env, RELAY_ROLE: 'api' }, key === undefined ? { worker: false, receiverUrl: receiver.url } : { worker: false, key })
    key = producer.key
    await accept(producer.url, key, count)
    await producer.app.close()
    const before = await receiver.count()
    const worker = await startRelay({ ...env, RELAY_ROLE: backend === 'memory' ? 'all' : 'worker' }, { worker: true })
    const { seconds, first, spent } = await timeDrain({ receiver, from: before, until: before + count, deadlineMs: 600_000, databaseUrl: env.DATABASE_URL })
    const delivered = await receiver.count()
    await worker.app.close()
    sent += count
    const rate = (delivered - first) / seconds
    const cpu = spent === undefined ? '' : perOperation(spent, delivered - first, 'delivery')
    console.log(`round ${round}: ${already + sent} accepted in all, ${delivered - before}/${count} delivered, ${rate.toFixed(0)} deliveries/s, CPU: ${cpu}`)
    if (process.env.SOAK_ANALYZE === '1') await stats.query(`ANALYZE ${TABLES.join(', ')}`)
    for (const t of await growth(stats)) {
      console.log(`    ${t.table.padEnd(28)} live ${String(t.live).padStart(9)}  dead ${String(t.dead).padStart(8)}  table ${t.tableMb.toFixed(1).padStart(7)} MB  indexes ${t.indexMb.toFixed(1).padStart(7)} MB`)
    }
  }
} finally {
  await stats.close()
  receiver.close()
  await new Promise((resolve) => setTimeout(resolve, 500))
  if (kept === undefined) await admin.query(`DROP DATABASE IF EXISTS ${name}`).catch((error: Error) => { console.log(`database ${name} left behind: ${error.message}`) })
  await admin.close()
}
