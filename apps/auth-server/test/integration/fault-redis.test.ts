// Fault drill: the Redis that holds the shared rate-limit counters stops for a few seconds while a load generator
// signs in and refreshes tokens against the auth-server as its own process (src/main.ts), on a private redis-server
// (the shared one serves other suites) and the embedded database. Limits are never skipped: while their counters
// cannot be kept, a rate-limited mutation (signIn) gets HTTP 503 SERVICE_UNAVAILABLE (never INTERNAL, a stack or a
// hang) while /readyz stays 200 `degraded`, naming Redis (every instance shares it: taking them all out of a load
// balancer would refuse the refreshes that still work). After it, /readyz says `ok` within 15 s, every session the
// load opened still refreshes, and the process never exits.
import { describe, it } from 'vitest'
import { faultSuite, privateRedisAvailable, startPrivateRedis } from '@openmotion/test-services'
import { startAuthDrill } from './fault-drill-auth.js'

describe.runIf(privateRedisAvailable())('auth-server through a Redis restart', () => {
  const suite = faultSuite()

  it('answers signIn 503 and reports readiness degraded while the rate-limit Redis restarts under signIn and refresh load, is ok again within 15 s, and loses no session', async () => {
    const redis = suite.service(await startPrivateRedis())
    const drill = suite.process(await startAuthDrill({ REDIS_URL: redis.url }))
    await drill.run(redis, 'Redis restart', 'degraded')
  }, 300_000)
})
