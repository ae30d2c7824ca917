// Fault drill: PostgreSQL restarts (fast shutdown: every session is terminated) for a few seconds while a load
// generator signs in and refreshes tokens against the auth-server as its own process (src/main.ts), on a private
// PostgreSQL (the shared one serves other suites). During the outage /readyz answers 503 and a mutation that needs
// the database gets HTTP 503 with `extensions.code` SERVICE_UNAVAILABLE (never INTERNAL, a stack or a hang). After
// it, /readyz is back within 15 s, every session the load opened still refreshes, and the process never exits.
import { describe } from 'vitest'
import { itThroughPostgresFault } from '@openmotion/test-services'
import { startAuthDrill } from './fault-drill-auth.js'

describe('auth-server through a PostgreSQL restart', () => {
  const title = 'answers 503 while PostgreSQL restarts under signIn and refresh load, is ready again within 15 s, and loses no session'
  itThroughPostgresFault('auth', title, async ({ postgres, databaseUrl, suite }) => {
    const drill = suite.process(await startAuthDrill({ DOCUMENT_STORE: 'sql', DATABASE_URL: databaseUrl }))
    await drill.run(postgres, 'PostgreSQL restart', 'unavailable')
  })
})
