// The one test each app's PostgreSQL fault drill is: a private PostgreSQL (the shared one serves other suites) with
// one database of its own, started inside the test, and stopped, with the process under test, by faultSuite.
import { it } from 'vitest'
import { faultSuite, type FaultSuite } from './fault-drill.js'
import { privatePostgresAvailable, startPrivatePostgres, type PrivatePostgres } from './private-postgres.js'

export interface PostgresFault {
  postgres: PrivatePostgres
  /** URL of the test's database on the private instance. */
  databaseUrl: string
  /** Give it the process under test (`suite.process(...)`) so it is stopped before PostgreSQL is. */
  suite: FaultSuite
}

const DRILL_TIMEOUT_MS = 300_000

/** Declares the drill as one test; skipped where PostgreSQL's binaries are missing (never in CI, which fails then). */
export function itThroughPostgresFault (database: string, title: string, drill: (fault: PostgresFault) => Promise<void>): void {
  const suite = faultSuite()
  it.runIf(privatePostgresAvailable())(title, async () => {
    const postgres = suite.service(await startPrivatePostgres())
    await drill({ postgres, databaseUrl: await postgres.createDatabase(database), suite })
  }, DRILL_TIMEOUT_MS)
}
