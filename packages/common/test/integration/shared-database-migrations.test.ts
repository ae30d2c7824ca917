import { randomBytes } from 'node:crypto'
import { afterAll, expect, it } from 'vitest'
import { describeWithService, requireService } from '@openmotion/test-services'
import { migrate, openDatabase, type Database } from '../../src/index.js'

// docker compose points all three apps at one database and starts them together.
describeWithService('postgres', () => {
  const name = `shared_migrations_${randomBytes(4).toString('hex')}`
  const serverUrl = () => requireService('postgres') ?? ''
  const opened: Database[] = []
  afterAll(async () => {
    await Promise.all(opened.map(async (db) => db.close()))
    const admin = await openDatabase({ url: serverUrl() })
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.close()
  })

  it('migrates several apps starting at once against one fresh database', async () => {
    const admin = await openDatabase({ url: serverUrl() })
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.close()
    const url = new URL(serverUrl())
    url.pathname = `/${name}`
    const apps = ['auth-server', 'motion-api', 'webhook-relay', 'motion-worker']
    const dbs = await Promise.all(apps.map(async () => openDatabase({ url: url.href })))
    opened.push(...dbs)
    const ran = await Promise.all(
      apps.map(async (app, i) => migrate(dbs[i]!, app, [{ id: '001_table', sql: `CREATE TABLE ${app.replace('-', '_')}_t (id int)` }]))
    )
    expect(ran).toEqual(apps.map(() => ['001_table']))
    const { rows } = await dbs[0]!.query<{ app: string }>('SELECT app FROM schema_migrations ORDER BY app')
    expect(rows.map((r) => r.app)).toEqual([...apps].sort())
  })
})
