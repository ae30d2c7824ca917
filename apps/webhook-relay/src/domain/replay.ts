// Replay, as the tenant API offers it. A finished delivery (succeeded or dead) goes back to pending with a fresh
// retry budget and a job in the outbox; a pending one whose queue entry may be gone (a queue that lost its data)
// gets a job due now unless the outbox still holds one. The publisher is told once the rows are committed.
import type { DeliveryHistory, OutboxRepository } from './ports.js'

export interface ReplayDeps {
  deliveries: DeliveryHistory
  outbox: Pick<OutboxRepository, 'requeuePending'>
  /** Tells the outbox publisher that jobs were committed. */
  notifyOutbox: () => void
}

/** Replays every finished delivery of a message and re-queues its pending ones; resolves to how many. */
export async function replayMessage (deps: ReplayDeps, messageId: string): Promise<number> {
  const deliveries = await deps.deliveries.listForMessage(messageId)
  const finished = deliveries.filter((d) => d.status === 'succeeded' || d.status === 'dead')
  const replayed = await deps.deliveries.replay(finished.map((d) => d.id))
  const pending = deliveries.filter((d) => d.status === 'pending')
  const requeued = await deps.outbox.requeuePending(pending.map((d) => d.id))
  deps.notifyOutbox()
  return replayed.length + requeued.length
}

/** Replays an endpoint's dead deliveries (created since `since`, if given); resolves to how many. */
export async function replayEndpoint (deps: Omit<ReplayDeps, 'outbox'>, endpointId: string, since: Date | undefined): Promise<number> {
  const replayed = await deps.deliveries.replay(await deps.deliveries.deadForEndpoint(endpointId, since))
  deps.notifyOutbox()
  return replayed.length
}
