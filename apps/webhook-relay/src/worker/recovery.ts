// Puts deliveries back in the queue when the queue lost them: everything unfinished after a restart with the
// memory backend, and on any backend a delivery whose job vanished (relay killed between commit and enqueue, a
// crashed attempt). Duplicate jobs are harmless: DeliveryStore.begin lets only one run each attempt.
import type { DeliveryQueue } from '../adapters/delivery-queue.js'
import type { DeliveryStore } from '../adapters/delivery-store.js'

export interface RecoveryOptions {
  /** How late past its due time a delivery must be before it counts as lost; negative takes future ones too. */
  graceMs: number
  /** How long a delivering row may sit before its relay counts as dead. */
  staleDeliveringMs: number
  batch?: number
}

export async function requeueStalled (deliveries: DeliveryStore, queue: DeliveryQueue, options: RecoveryOptions, now: Date = new Date()): Promise<number> {
  const batch = options.batch ?? 1000
  let total = 0
  let afterId: string | undefined
  for (;;) {
    const stalled = await deliveries.stalled(new Date(now.getTime() - options.graceMs), new Date(now.getTime() - options.staleDeliveringMs), batch, afterId)
    for (const d of stalled) {
      const delayMs = d.status === 'delivering' || d.nextAttemptAt === null ? 0 : d.nextAttemptAt.getTime() - now.getTime()
      await queue.enqueue([{ deliveryId: d.id, endpointId: d.endpointId, attempt: d.attempts + 1 }], Math.max(0, delayMs))
    }
    total += stalled.length
    afterId = stalled.at(-1)?.id
    if (stalled.length < batch) return total
  }
}
