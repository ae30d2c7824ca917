// Domain records → JSON bodies (ISO dates, no secrets, data decrypted only here and in the worker).
import type { DataCipher } from '../domain/envelope-encryption.js'
import type { Attempt, Delivery, Endpoint, StoredMessage, Transition } from '../domain/types.js'

export const presentEndpoint = (e: Endpoint) => ({
  id: e.id,
  url: e.url,
  description: e.description,
  eventTypes: e.eventTypes,
  disabled: e.disabled,
  disabledReason: e.disabledReason,
  rateLimitPerSecond: e.rateLimitPerSecond,
  headers: e.headers,
  retrySchedule: e.retrySchedule,
  consecutiveFailures: e.consecutiveFailures,
  circuitOpenUntil: e.circuitOpenUntil?.toISOString() ?? null,
  createdAt: e.createdAt.toISOString(),
  updatedAt: e.updatedAt.toISOString()
})

export const presentMessage = (m: StoredMessage, cipher: DataCipher) => ({
  id: m.id,
  event: m.event,
  data: JSON.parse(cipher.decrypt(m.data)) as Record<string, unknown>,
  createdAt: m.createdAt.toISOString()
})

export const presentDelivery = (d: Delivery, transitions: Transition[]) => ({
  id: d.id,
  endpointId: d.endpointId,
  status: d.status,
  attempts: d.attempts,
  nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
  lastStatusCode: d.lastStatusCode,
  lastError: d.lastError,
  createdAt: d.createdAt.toISOString(),
  updatedAt: d.updatedAt.toISOString(),
  transitions: transitions.map((t) => ({ from: t.from, to: t.to, at: t.at.toISOString() }))
})

export const presentAttempt = (a: Attempt) => ({
  id: a.id,
  deliveryId: a.deliveryId,
  endpointId: a.endpointId,
  attempt: a.attempt,
  at: a.at.toISOString(),
  statusCode: a.statusCode,
  latencyMs: a.latencyMs,
  responseBody: a.responseBody,
  error: a.error,
  outcome: a.outcome
})
