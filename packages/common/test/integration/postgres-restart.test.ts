// A PostgreSQL restart under an open transaction: the server ends the session (fast shutdown), the transaction's
// promise rejects with an error the handler answers as 503, the process survives (no unheard 'error' event on the
// checked-out client), and the pool serves again once the server is back.
import { describe, expect, it } from 'vitest'
import { privatePostgresAvailable, startPrivatePostgres } from '@openmotion/test-services'
import { isServiceUnavailable, openDatabase } from '../../src/index.js'

describe.runIf(privatePostgresAvailable())('PostgreSQL restart under a transaction', () => {
  it('rejects the transaction as unavailable, keeps the process alive and serves again after the restart', async () => {
    const server = await startPrivatePostgres()
    const db = await openDatabase({ url: server.url })
    try {
      const inFlight = db.transaction(async (tx) => { await tx.query('SELECT pg_sleep(30)') })
      const failure = inFlight.then(() => undefined, (error: unknown) => error)
      await new Promise((resolve) => setTimeout(resolve, 300))
      await server.stop()
      expect(isServiceUnavailable(await failure)).toBe(true)
      await expect(db.ping()).rejects.toSatisfy(isServiceUnavailable)
      await server.start()
      await db.ping()
      expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }])
    } finally {
      await db.close()
      await server.close()
    }
  }, 90_000)
})
