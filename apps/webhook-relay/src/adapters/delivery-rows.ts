// Row shapes of deliveries and attempts, shared by the stores that read them.
import type { Attempt, AttemptOutcome, Delivery, DeliveryStatus } from '../domain/types.js'

export interface DeliveryRow {
  id: string
  message_id: string
  endpoint_id: string
  tenant_id: string
  status: DeliveryStatus
  attempts: number
  replay_base: number
  next_attempt_at: Date | null
  last_status_code: number | null
  last_error: string | null
  created_at: Date
  updated_at: Date
}

export interface AttemptRow {
  id: string
  delivery_id: string
  message_id: string
  endpoint_id: string
  attempt: number
  at: Date
  status_code: number | null
  latency_ms: number
  response_body: string | null
  error: string | null
  outcome: AttemptOutcome
}

export const toDelivery = (row: DeliveryRow): Delivery => ({
  id: row.id,
  messageId: row.message_id,
  endpointId: row.endpoint_id,
  tenantId: row.tenant_id,
  status: row.status,
  attempts: row.attempts,
  replayBase: row.replay_base,
  nextAttemptAt: row.next_attempt_at,
  lastStatusCode: row.last_status_code,
  lastError: row.last_error,
  createdAt: row.created_at,
  updatedAt: row.updated_at
})

export const toAttempt = (row: AttemptRow): Attempt => ({
  id: row.id,
  deliveryId: row.delivery_id,
  messageId: row.message_id,
  endpointId: row.endpoint_id,
  attempt: row.attempt,
  at: row.at,
  statusCode: row.status_code,
  latencyMs: row.latency_ms,
  responseBody: row.response_body,
  error: row.error,
  outcome: row.outcome
})
