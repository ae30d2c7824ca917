// Acceptance of one incoming webhook: pick the tenant's subscribed endpoints, encrypt the data, store the message
// with one delivery per endpoint (honouring Idempotency-Key), then enqueue the deliveries. Enqueue happens after
// the commit; if the relay dies in between, the stalled-delivery sweep (recovery.ts) enqueues them later.
import { createHash } from 'node:crypto'
import type { DeliveryQueue } from '../adapters/delivery-queue.js'
import type { EndpointStore } from '../adapters/endpoint-store.js'
import type { MessageStore } from '../adapters/message-store.js'
import { errors } from '../errors.js'
import type { DataCipher } from './envelope-encryption.js'
import { matchesEventType } from './event-filter.js'

export interface AcceptDeps {
  endpoints: EndpointStore
  messages: MessageStore
  queue: DeliveryQueue
  cipher: DataCipher
}

export interface IncomingWebhook {
  tenantId: string
  event: string
  data: Record<string, unknown>
  idempotencyKey?: string | undefined
  /** Raw request body, hashed to tell a true repeat from a reused key. */
  rawBody: string
}

export interface Accepted {
  id: string
  deliveries: number
  /** True when the Idempotency-Key matched an earlier request and nothing was queued. */
  repeated: boolean
}

export async function acceptWebhook (deps: AcceptDeps, input: IncomingWebhook): Promise<Accepted> {
  const endpoints = (await deps.endpoints.listActive(input.tenantId)).filter((e) => matchesEventType(e.eventTypes, input.event))
  const result = await deps.messages.accept({
    tenantId: input.tenantId,
    event: input.event,
    data: deps.cipher.encrypt(JSON.stringify(input.data)),
    keyId: deps.cipher.keyId,
    endpointIds: endpoints.map((e) => e.id),
    ...(input.idempotencyKey === undefined ? {} : { idempotency: { key: input.idempotencyKey, bodyHash: createHash('sha256').update(input.rawBody).digest('hex') } })
  })
  if (result.kind === 'conflict') throw errors.RELAY_IDEMPOTENCY_CONFLICT()
  if (result.kind === 'repeat') return { id: result.messageId, deliveries: result.deliveries, repeated: true }
  await deps.queue.enqueue(result.deliveries.map((d) => ({ deliveryId: d.id, endpointId: d.endpointId, attempt: 1 })))
  return { id: result.message.id, deliveries: result.deliveries.length, repeated: false }
}
