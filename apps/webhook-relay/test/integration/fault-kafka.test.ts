// Fault drill: the Kafka broker restarts (its log directory kept) while a load generator posts webhooks to the relay
// as its own process (src/main.ts), on a private single-node broker (the shared one serves other suites) and a fresh
// PostgreSQL database, delivering to a local receiver. The relay accepts through the outage (messages wait in the
// outbox), so /readyz stays 200 and reports the queue in `checks.queue`; nothing answers 500 or hangs. After it,
// `checks.queue` is ok again within 15 s, every accepted message reaches the receiver (at least once: a batch whose
// offsets were not committed before the broker went is delivered again), and the process never exits.
import { it } from 'vitest'
import { describeWithService, faultSuite, privateKafkaAvailable, startPrivateKafka } from '@openmotion/test-services'
import { expectAcceptedThroughQueueOutage, queueReady, startRelayDrill } from './fault-drill-relay.js'
import { freshDatabase } from './relay-process.js'

describeWithService('postgres', (serverUrl) => {
  const kafkaInstalled = privateKafkaAvailable()
  const suite = faultSuite()

  it.runIf(kafkaInstalled)('keeps accepting through a Kafka broker restart under load, reports the queue in /readyz, and delivers every accepted message', async () => {
    const database = suite.database(await freshDatabase(serverUrl))
    const kafka = suite.service(await startPrivateKafka())
    const drill = suite.process(await startRelayDrill({ DATABASE_URL: database.url, STORAGE_TYPE: 'kafka', KAFKA_BROKER: kafka.broker, KAFKA_PARTITIONS: '2' }))
    const result = await drill.run(kafka, 'Kafka broker restart', queueReady)
    expectAcceptedThroughQueueOutage(result)
  }, 300_000)
})
