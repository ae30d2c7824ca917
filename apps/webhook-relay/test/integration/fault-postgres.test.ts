// Fault drill: PostgreSQL restarts (fast shutdown: every session is terminated) for a few seconds while a load
// generator posts webhooks to the relay as its own process (src/main.ts), on a private PostgreSQL (the shared one
// serves other suites) and the shared Redis queue under a prefix of its own, delivering to a local receiver. During
// the outage /readyz answers 503 and an ingest gets a clean 503 RELAY_UNAVAILABLE (never a 500, a stack or a hang).
// After it, /readyz is back within 15 s, every accepted message reaches the receiver (at least once), and the
// process never exits.
import { expect } from 'vitest'
import { describeWithService, itThroughPostgresFault } from '@openmotion/test-services'
import { startRelayDrill } from './fault-drill-relay.js'

describeWithService('redis', (redisUrl) => {
  const title = 'answers 503 while PostgreSQL restarts under ingest load, is ready again within 15 s, and delivers every accepted message'
  itThroughPostgresFault('relay', title, async ({ postgres, databaseUrl, suite }) => {
    const drill = suite.process(await startRelayDrill({ DATABASE_URL: databaseUrl, STORAGE_TYPE: 'redis', REDIS_URL: redisUrl }))
    const result = await drill.run(postgres, 'PostgreSQL restart')
    expect(result.outageReadiness).toContain(503)
    expect(result.recoveryMs).toBeDefined()
    expect(result.outcomes.filter((o) => o.phase === 'outage' && o.status === 503).length).toBeGreaterThan(0)
  })
})
