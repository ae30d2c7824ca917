// A private PostgreSQL restarts on the same port and keeps its databases, which the fault tests rely on: an app's
// connections are cut, new ones are refused while it is down, and it comes back with the app's data.
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { privatePostgresAvailable, startPrivatePostgres } from '../../src/private-postgres.ts'

describe.runIf(privatePostgresAvailable())('private PostgreSQL', () => {
  it('stops, refuses connections, and starts again on the same port with its data', async () => {
    const server = await startPrivatePostgres()
    try {
      const url = await server.createDatabase('kept')
      const before = new pg.Client(url)
      await before.connect()
      before.on('error', () => {})
      await before.query('CREATE TABLE t (v text); INSERT INTO t VALUES ($$yes$$)')
      await server.stop()
      // The open session was terminated and a new one is refused.
      await expect(before.query('SELECT 1')).rejects.toThrow()
      await expect(new pg.Client(url).connect()).rejects.toMatchObject({ code: 'ECONNREFUSED' })
      await server.start()
      const after = new pg.Client(url)
      await after.connect()
      expect((await after.query('SELECT v FROM t')).rows).toEqual([{ v: 'yes' }])
      await after.end()
    } finally {
      await server.close()
    }
  }, 90_000)
})
