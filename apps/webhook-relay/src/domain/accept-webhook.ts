// Acceptance of one incoming webhook: pick the tenant's subscribed endpoints, encrypt the data, and store the
// message with one delivery per endpoint and each delivery's job in the outbox (honouring Idempotency-Key), all
// in one transaction. The queue is not touched here: the outbox publisher hands the jobs over after the commit,
// so a broker that fails or a relay that dies after the commit can neither lose a job nor turn a stored message
// into a 500 that the sender would retry as a second message.
import { createHash } from 'node:crypto'
import { currentTraceparent } from '@openmotion/common'
import { errors } from '../errors.js'
import type { OutboxEntry } from './delivery-queue.js'
import type { DataCipher } from './envelope-encryption.js'
import { matchesEventType } from './event-filter.js'
import type { AcceptResult, Endpoint, NewMessage } from './types.js'

/** Where acceptance finds the endpoints a tenant delivers to (implemented by adapters/endpoint-store.ts). */
export interface SubscribedEndpoints {
  /** Enabled endpoints of a tenant; acceptance applies the event filter. */
  listActive (tenantId: string): Promise<Endpoint[]>
}

/** Where acceptance stores a message atomically with its deliveries and their jobs (adapters/message-store.ts). */
export interface MessageIntake {
  accept (input: NewMessage): Promise<AcceptResult>
}

export interface AcceptDeps {
  endpoints: SubscribedEndpoints
  messages: MessageIntake
  cipher: DataCipher
  /** Tells the outbox publisher that jobs were committed. */
  notifyOutbox: () => void
  /** Hands jobs committed leased to this relay to the queue. */
  publishHeld: (entries: readonly OutboxEntry[]) => void
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
    // The request's span (the HTTP instrumentation continues the sender's traceparent): stored with the message
    // and each of its outbox jobs, so every delivery attempt belongs to this trace.
    traceparent: currentTraceparent(),
    ...(input.idempotencyKey === undefined
      ? {}
      : { idempotency: { key: input.idempotencyKey, bodyHash: createHash('sha256').update(input.rawBody).digest('hex') } })
  })
  if (result.kind === 'conflict') throw errors.RELAY_IDEMPOTENCY_CONFLICT()
  if (result.kind === 'repeat') return { id: result.messageId, deliveries: result.deliveries, repeated: true }
  if (result.held !== undefined) deps.publishHeld(result.held)
  else if (result.deliveries.length > 0) deps.notifyOutbox()
  return { id: result.message.id, deliveries: result.deliveries.length, repeated: false }
}
