// A PostgreSQL database of its own for one bench case, on the server of an admin URL (TEST_DATABASE_URL): created,
// handed to `run` as a URL, dropped after. Plain JavaScript so that both the tsx benches and memory-bench.mjs
// (plain node) use it; `pg` comes from common's dependencies.
import { randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'

const pg = createRequire(new URL('../../packages/common/package.json', import.meta.url))('pg')

/** Runs `run(databaseUrl)` on a fresh database named `<prefix>_<random>`, and drops it whatever happens. */
export async function withScratchDatabase (adminUrl, prefix, run) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  try {
    const databaseUrl = new URL(adminUrl)
    databaseUrl.pathname = `/${name}`
    return await run(databaseUrl.toString())
  } finally {
    // A pool that has just been closed may still hold its sockets for a moment.
    await new Promise((resolve) => setTimeout(resolve, 500))
    await admin.query(`DROP DATABASE IF EXISTS ${name}`).catch((error) => { console.log(`database ${name} left behind: ${error.message}`) })
    await admin.end()
  }
}
