import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createLogger, createServer, openAppDatabase, openDatabase } from '../src/index.js'

const migrations = [{ id: '001-notes', sql: 'CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL)' }]
const quietServer = async () => await createServer({ name: 'db-test', version: '0.0.0', logger: createLogger({ name: 'db-test', level: 'silent' }) })

// Creating an embedded database (initdb in a child process, then the open) takes a minute on a busy machine.
describe('openAppDatabase', { timeout: 180_000 }, () => {
  it('opens, migrates, reports readiness and closes the database it opened when the app closes', async () => {
    const app = await quietServer()
    const db = await openAppDatabase(app, { app: 'notes', migrations, url: undefined, dataDir: mkdtempSync(join(tmpdir(), 'app-db-')) })
    await db.query('INSERT INTO notes (body) VALUES ($1)', ['hello'])
    expect((await app.inject({ url: '/readyz' })).json()).toMatchObject({ checks: { database: 'ok' } })
    await app.close()
    await expect(db.query('SELECT 1')).rejects.toThrow()
  })

  it('migrates a database it is given and leaves it open', async () => {
    const given = await openDatabase({ dataDir: mkdtempSync(join(tmpdir(), 'app-db-')) })
    const app = await quietServer()
    await openAppDatabase(app, { app: 'notes', migrations, url: undefined, dataDir: '', given })
    await app.close()
    expect((await given.query<{ n: number }>('SELECT count(*)::int AS n FROM notes')).rows[0]?.n).toBe(0)
    await given.close()
  })
})
