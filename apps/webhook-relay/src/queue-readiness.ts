// The relay is ready when it can accept: that needs the database only (accepted jobs wait in the outbox), so the
// queue is reported in /readyz (`checks.queue`: ok, connecting, joining consumer groups, unreachable) without
// turning the answer to 503 while a broker restarts or a Kafka consumer group is still joining.
import type { Readiness } from '@openmotion/common'
import type { DeliveryQueue } from './domain/delivery-queue.js'
import type { QueueConnection } from './worker/queue-connection.js'

const PING_TIMEOUT_MS = 2000

async function describeQueue (queue: DeliveryQueue, connection: QueueConnection): Promise<string> {
  const state = connection.state()
  if (state !== 'ok') return state
  let timer: NodeJS.Timeout | undefined
  try {
    await Promise.race([queue.ping(), new Promise<never>((_resolve, reject) => { timer = setTimeout(() => reject(new Error(`timed out after ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS) })])
  } catch (error) {
    return `unreachable: ${error instanceof Error ? error.message : String(error)}`
  } finally {
    clearTimeout(timer)
  }
  const joining = queue.joining()
  return joining.length === 0 ? 'ok' : `joining consumer groups: ${joining.join(', ')}`
}

/** Adds `checks.queue` to every readiness answer, informational only. */
export function reportQueueInReadiness (readiness: Readiness, queue: DeliveryQueue, connection: QueueConnection): void {
  const run = readiness.run.bind(readiness)
  readiness.run = async () => {
    const [result, described] = await Promise.all([run(), describeQueue(queue, connection)])
    return { ready: result.ready, checks: { ...result.checks, queue: described } }
  }
}
