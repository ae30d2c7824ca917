// The init Job's migration step as it runs there: each app's `cli/migrate.ts` (dist/cli/migrate.js in the image)
// with nothing but DATABASE_URL, on a fresh PostgreSQL database; run again, it has nothing left to do.
import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import pg from 'pg'
import { describeWithService } from '@openmotion/test-services'
import { afterAll, beforeAll, expect, it } from 'vitest'

const run = promisify(execFile)
const repository = fileURLToPath(new URL('../../../../', import.meta.url))
const APPS = ['auth-server', 'motion-api', 'webhook-relay'] as const

async function migrate (app: string, databaseUrl: string): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', `apps/${app}/src/cli/migrate.ts`], {
    cwd: repository,
    env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl }
  })
  return stdout.trim()
}

describeWithService('postgres', (adminUrl) => {
  const name = `chart_migrate_${randomUUID().replaceAll('-', '').slice(0, 16)}`
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const admin = async (sql: string): Promise<void> => {
    const client = new pg.Client({ connectionString: adminUrl })
    await client.connect()
    try { await client.query(sql) } finally { await client.end() }
  }
  beforeAll(async () => { await admin(`CREATE DATABASE ${name}`) })
  afterAll(async () => { await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) })

  it('migrates each app\'s schema once from DATABASE_URL alone, and finds nothing to do the second time', async () => {
    for (const app of APPS) expect(await migrate(app, url.toString())).toMatch(new RegExp(`^${app}: applied [1-9][0-9]* migration\\(s\\): `))
    const client = new pg.Client({ connectionString: url.toString() })
    await client.connect()
    try {
      const { rows } = await client.query<{ app: string }>('SELECT DISTINCT app FROM schema_migrations ORDER BY app')
      expect(rows.map((r) => r.app)).toEqual([...APPS])
    } finally {
      await client.end()
    }
    for (const app of APPS) expect(await migrate(app, url.toString())).toBe(`${app}: schema up to date`)
  }, 180_000)

  it('refuses a DATABASE_URL that is not PostgreSQL with one configuration line', async () => {
    const failed = await migrate('auth-server', 'sqlite://nowhere').then(() => undefined, (error: unknown) => error as { code: number, stderr: string })
    expect(failed?.code).toBe(1)
    expect(failed?.stderr.trim()).toMatch(/^Configuration error: DATABASE_URL /)
  })
})
