// Fault drill: the Redis delivery queue stops for a few seconds while a load generator posts webhooks to the relay
// as its own process (src/main.ts), on a private redis-server (the shared one serves other suites) and a fresh
// PostgreSQL database, delivering to a local receiver. The relay accepts through the outage (messages wait in the
// outbox), so /readyz stays 200 and reports the queue in `checks.queue` (README, "Start-up never waits on the
// queue"); nothing answers 500 or hangs. After it, `checks.queue` is ok again within 15 s, every accepted message
// reaches the receiver (at least once), and the process never exits.
import { it } from 'vitest'
import { describeWithService, faultSuite, privateRedisAvailable, startPrivateRedis } from '@openmotion/test-services'
import { expectAcceptedThroughQueueOutage, queueReady, startRelayDrill } from './fault-drill-relay.js'
import { freshDatabase } from './relay-process.js'

describeWithService('postgres', (serverUrl) => {
  const redisInstalled = privateRedisAvailable()
  const suite = faultSuite()

  it.runIf(redisInstalled)('keeps accepting through a Redis restart under load, reports the queue in /readyz, and delivers every accepted message', async () => {
    const database = suite.database(await freshDatabase(serverUrl))
    const redis = suite.service(await startPrivateRedis())
    const drill = suite.process(await startRelayDrill({ DATABASE_URL: database.url, STORAGE_TYPE: 'redis', REDIS_URL: redis.url }))
    const result = await drill.run(redis, 'Redis restart', queueReady)
    expectAcceptedThroughQueueOutage(result)
  }, 300_000)
})
