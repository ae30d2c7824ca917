// Puts jobs back in a queue that provably lost them: the memory queue starts empty, so after a restart every
// unfinished delivery without a job in the outbox (the publisher hands those over) is queued again at once. Durable
// queues need no sweep: the outbox hands every job over, and a job survives in the queue until its handler ends.
// A duplicate job (a delivering row whose lease has not lapsed yet) is harmless: DeliveryStore.begin answers busy.
import type { DeliveryQueue } from '../domain/delivery-queue.js'
import type { DeliveryRepository } from '../domain/ports.js'

export async function requeueUnfinished (deliveries: DeliveryRepository, queue: DeliveryQueue, batch = 1000, now: Date = new Date()): Promise<number> {
  let total = 0
  let afterId: string | undefined
  for (;;) {
    const unfinished = await deliveries.unfinishedWithoutJob(batch, afterId)
    for (const d of unfinished) {
      const delayMs = d.status === 'delivering' || d.nextAttemptAt === null ? 0 : d.nextAttemptAt.getTime() - now.getTime()
      await queue.enqueue([{ deliveryId: d.id, endpointId: d.endpointId, attempt: d.attempts + 1 }], Math.max(0, delayMs))
    }
    total += unfinished.length
    afterId = unfinished.at(-1)?.id
    if (unfinished.length < batch) return total
  }
}
