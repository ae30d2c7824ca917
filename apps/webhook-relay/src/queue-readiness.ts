// The queue is a dependency the relay absorbs (accepted messages wait in the outbox), so /readyz reports it in
// `checks.queue` (ok, connecting, joining consumer groups, failed) and answers 200 `degraded` while a broker
// restarts or a Kafka consumer group is still joining (common's readiness rule).
import type { Readiness } from '@openmotion/common'
import type { DeliveryQueue } from './domain/delivery-queue.js'
import type { QueueConnection } from './worker/queue-connection.js'

async function describeQueue (queue: DeliveryQueue, connection: QueueConnection): Promise<string> {
  const state = connection.state()
  if (state !== 'ok') return state
  await queue.ping()
  const joining = queue.joining()
  return joining.length === 0 ? 'ok' : `joining consumer groups: ${joining.join(', ')}`
}

/** Declares the queue to readiness as absorbed (common's timeout makes a hung ping a failure). */
export function reportQueueInReadiness (readiness: Readiness, queue: DeliveryQueue, connection: QueueConnection): void {
  readiness.absorbs('queue', async () => await describeQueue(queue, connection))
}
