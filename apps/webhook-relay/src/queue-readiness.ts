// The relay is ready when it can accept: that needs the database only (accepted jobs wait in the outbox), so the
// queue is reported in /readyz (`checks.queue`: ok, connecting, joining consumer groups, unreachable) without
// turning the answer to 503 while a broker restarts or a Kafka consumer group is still joining.
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

/** Adds `checks.queue` to every readiness answer, informational only (common's timeout makes a hung ping "unreachable"). */
export function reportQueueInReadiness (readiness: Readiness, queue: DeliveryQueue, connection: QueueConnection): void {
  readiness.report('queue', async () => await describeQueue(queue, connection))
}
