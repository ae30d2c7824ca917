// The relay's records as the domain sees them (camelCase, Dates); the SQL store maps rows onto these.
import type { OutboxEntry } from './delivery-queue.js'

/** pending → delivering → succeeded | retrying → delivering → … → dead. Replay moves succeeded/dead back to pending. */
export type DeliveryStatus = 'pending' | 'delivering' | 'succeeded' | 'retrying' | 'dead'

export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['pending', 'delivering', 'succeeded', 'retrying', 'dead']

export interface Tenant {
  id: string
  name: string
  createdAt: Date
}

export interface ApiKeyInfo {
  id: string
  tenantId: string
  prefix: string
  createdAt: Date
}

export interface Endpoint {
  id: string
  tenantId: string
  url: string
  description: string
  eventTypes: string[] | null
  disabled: boolean
  disabledReason: string | null
  rateLimitPerSecond: number | null
  headers: Record<string, string>
  failingSince: Date | null
  /** The endpoint's own retry waits (durations), or null for the relay's RETRY_SCHEDULE. */
  retrySchedule: string[] | null
  /** Failed attempts since the last success (the circuit opens at CIRCUIT_BREAKER_THRESHOLD). */
  consecutiveFailures: number
  /** Set while the circuit is open (or half-open with a probe out): no attempt starts before it. */
  circuitOpenUntil: Date | null
  createdAt: Date
  updatedAt: Date
}

export interface EndpointSecrets {
  current: string
  previous: string | null
  previousExpiresAt: Date | null
}

export interface StoredMessage {
  id: string
  tenantId: string
  event: string
  /** Ciphertext envelope when ENCRYPTION_KEY is set, else the JSON text of `data`. */
  data: string
  keyId: string
  createdAt: Date
  /** W3C traceparent of the request that brought the message; absent or null when it was not traced. */
  traceparent?: string | null
}

export interface Delivery {
  id: string
  messageId: string
  endpointId: string
  tenantId: string
  status: DeliveryStatus
  attempts: number
  /** Attempts made before the last replay; the retry limit counts only attempts after it. */
  replayBase: number
  nextAttemptAt: Date | null
  lastStatusCode: number | null
  lastError: string | null
  createdAt: Date
  updatedAt: Date
}

export interface Transition {
  from: DeliveryStatus | null
  to: DeliveryStatus
  at: Date
}

export type AttemptOutcome = 'succeeded' | 'failed'

export interface Attempt {
  id: string
  deliveryId: string
  messageId: string
  endpointId: string
  attempt: number
  at: Date
  statusCode: number | null
  latencyMs: number
  responseBody: string | null
  error: string | null
  outcome: AttemptOutcome
}

export interface Page<T> {
  data: T[]
  nextCursor: string | null
}

/** A message to store with one delivery per endpoint id (and their outbox jobs), under an optional Idempotency-Key. */
export interface NewMessage {
  tenantId: string
  event: string
  data: string
  keyId: string
  endpointIds: string[]
  idempotency?: { key: string, bodyHash: string }
  traceparent?: string | undefined
}

export type AcceptResult =
  | {
    kind: 'created'
    message: StoredMessage
    deliveries: Delivery[]
    /** The deliveries' outbox jobs when they were committed leased to this relay, which hands them to the queue itself. */
    held?: OutboxEntry[]
  }
  | { kind: 'repeat', messageId: string, deliveries: number }
  | { kind: 'conflict' }

export interface EndpointInput {
  url: string
  description?: string | undefined
  eventTypes?: string[] | null | undefined
  disabled?: boolean | undefined
  rateLimitPerSecond?: number | null | undefined
  headers?: Record<string, string> | undefined
  /** Durations such as ["1m", "10m", "1h"]; null means the relay's RETRY_SCHEDULE. */
  retrySchedule?: string[] | null | undefined
}

export interface MessageFilter {
  event?: string | undefined
  since?: Date | undefined
  status?: DeliveryStatus | undefined
}
