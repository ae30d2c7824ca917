// Performs one delivery job: checks the job is still current, admits it against the endpoint's limits, claims
// the attempt under a lease (renewed every third of it while the request runs, so a dead relay's claim lapses in
// seconds), signs and sends the request, and records the attempt with the delivery's new state and the retry's
// outbox job in one transaction. The queue removes the job only after this resolves, so a crash anywhere in here
// means the job comes back.
import type { Logger } from '@openmotion/common'
import type { DeliveryJob, DeliveryQueue } from '../domain/delivery-queue.js'
import type { DeliveryStore } from '../adapters/delivery-store.js'
import type { EndpointStore } from '../adapters/endpoint-store.js'
import type { WebhookSender } from '../adapters/http-sender.js'
import type { MessageStore } from '../adapters/message-store.js'
import type { DataCipher } from '../domain/envelope-encryption.js'
import type { EndpointLimiter } from '../domain/endpoint-limiter.js'
import { circuitState, heldBackDelayMs } from '../domain/circuit-breaker.js'
import { durationMs } from '../domain/duration.js'
import { endpointPolicy, nextRetryDelayMs, parseRetryAfter, type RetryPolicy } from '../domain/retry-schedule.js'
import { signatureHeader } from '../domain/signing.js'
import type { Delivery, Endpoint, StoredMessage } from '../domain/types.js'
import { statusClass, type RelayMetrics } from '../relay-metrics.js'

export interface WorkerDeps {
  deliveries: DeliveryStore
  endpoints: EndpointStore
  messages: MessageStore
  queue: DeliveryQueue
  send: WebhookSender
  cipher: DataCipher
  limiter: EndpointLimiter
  metrics: RelayMetrics
  logger: Logger
  /** Called after a retry's job was committed to the outbox, so it is published at once. */
  notifyOutbox: () => void
  policy: RetryPolicy
  circuit: { threshold: number, cooldownMs: number }
  timeoutMs: number
  /** Lease on a claimed attempt; renewed every third of it while the attempt runs. */
  leaseMs: number
  disableAfterMs: number
  now?: () => Date
}

/** The outbound body: the Standard Webhooks envelope, with `data` spliced in as already-serialised JSON. */
export function outboundBody (message: StoredMessage, dataJson: string): string {
  return `{"type":${JSON.stringify(message.event)},"timestamp":${JSON.stringify(message.createdAt.toISOString())},"data":${dataJson}}`
}

/** Renews the leases of the attempts this relay runs, in one statement per beat, while any run. */
function leaseKeeper (deps: WorkerDeps, now: () => Date) {
  const held = new Set<string>()
  let timer: NodeJS.Timeout | undefined
  const beat = () => {
    deps.deliveries.renewLeases([...held], new Date(now().getTime() + deps.leaseMs))
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'could not renew delivery leases'))
  }
  return {
    hold (id: string) {
      held.add(id)
      if (timer === undefined) {
        timer = setInterval(beat, Math.max(100, Math.floor(deps.leaseMs / 3)))
        timer.unref()
      }
    },
    release (id: string) {
      held.delete(id)
      if (held.size === 0) {
        clearInterval(timer)
        timer = undefined
      }
    }
  }
}

export function createDeliveryWorker (deps: WorkerDeps): (job: DeliveryJob) => Promise<void> {
  const now = deps.now ?? (() => new Date())
  const leases = leaseKeeper(deps, now)

  return async (job) => {
    const delivery = await deps.deliveries.get(job.deliveryId)
    if (delivery === undefined || delivery.status === 'succeeded' || delivery.status === 'dead') return
    const target = await deps.endpoints.getForDelivery(delivery.endpointId, now())
    if (target === undefined || target.endpoint.disabled) {
      const reason = target === undefined ? 'endpoint deleted' : `endpoint disabled: ${target.endpoint.disabledReason ?? 'disabled'}`
      if (await deps.deliveries.kill(delivery.id, reason) !== undefined) deps.metrics.completed.inc({ result: 'dead' })
      return
    }
    if (!await passesCircuit(deps, job, target.endpoint, now())) return
    const admission = deps.limiter.admit(target.endpoint.id, target.endpoint.rateLimitPerSecond)
    if (!admission.admitted) {
      await deps.queue.enqueue([job], admission.retryInMs)
      return
    }
    try {
      const claim = await deps.deliveries.begin(delivery.id, job.attempt, new Date(now().getTime() + deps.leaseMs), now())
      // Another relay may be mid-attempt, or may have died mid-attempt: look again once its lease would lapse.
      if (claim.kind === 'busy') await deps.queue.enqueue([job], claim.retryInMs)
      if (claim.kind !== 'claimed') return
      const claimed = claim.delivery
      leases.hold(claimed.id)
      try {
        const message = await deps.messages.getById(claimed.messageId)
        if (message === undefined) return
        await attempt(deps, job, claimed, message, target.endpoint, target.secrets, now)
      } finally {
        leases.release(claimed.id)
      }
    } finally {
      admission.release()
    }
  }
}

/** False when the endpoint's circuit holds this job back (it went back to the queue without using an attempt). */
async function passesCircuit (deps: WorkerDeps, job: DeliveryJob, endpoint: Endpoint, at: Date): Promise<boolean> {
  const circuit = circuitState(endpoint.circuitOpenUntil, at)
  if (circuit.kind === 'closed') return true
  if (circuit.kind === 'half-open' && await deps.endpoints.takeProbe(endpoint.id, at, deps.circuit.cooldownMs)) return true
  const waitMs = circuit.kind === 'open' ? circuit.waitMs : deps.circuit.cooldownMs
  await deps.queue.enqueue([job], heldBackDelayMs(waitMs, deps.circuit.cooldownMs))
  return false
}

/** The receiver's way to stop retries of one message without disabling its endpoint (README: Retry policy). */
export const ABORT_HEADER = 'webhook-delivery'
export const ABORT_VALUE = 'abort-message'

async function attempt (
  deps: WorkerDeps, job: DeliveryJob, delivery: Delivery, message: StoredMessage, endpoint: Endpoint, secrets: string[], now: () => Date
): Promise<void> {
  const body = outboundBody(message, deps.cipher.decrypt(message.data))
  const startedAt = now()
  const timestamp = Math.floor(startedAt.getTime() / 1000)
  const result = await deps.send({
    url: endpoint.url,
    body,
    timeoutMs: deps.timeoutMs,
    headers: {
      ...endpoint.headers,
      'webhook-id': message.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(secrets, message.id, timestamp, body)
    }
  })
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300
  const outcome = ok ? 'succeeded' : 'failed'
  deps.metrics.attempts.inc({ outcome, status_class: statusClass(result.statusCode) })
  deps.metrics.deliveryLatency.observe({ outcome }, result.latencyMs / 1000)
  const record = {
    attempt: job.attempt,
    at: startedAt,
    statusCode: result.statusCode,
    latencyMs: result.latencyMs,
    responseBody: result.body,
    error: result.error ?? (ok ? null : `endpoint answered ${String(result.statusCode)}`),
    outcome
  } as const

  if (ok) {
    await deps.deliveries.finish(delivery, record, { status: 'succeeded', nextAttemptAt: null, lastError: null })
    if (endpoint.failingSince !== null || endpoint.consecutiveFailures > 0 || endpoint.circuitOpenUntil !== null) await deps.endpoints.recordSuccess(endpoint.id)
    deps.metrics.completed.inc({ result: 'succeeded' })
    deps.metrics.endToEnd.observe((now().getTime() - message.createdAt.getTime()) / 1000)
    return
  }
  const gone = result.statusCode === 410
  const aborted = header(result.headers[ABORT_HEADER])?.trim().toLowerCase() === ABORT_VALUE
  const policy = endpointPolicy(deps.policy, endpoint.retrySchedule === null ? null : endpoint.retrySchedule.map(durationMs))
  const retryAfter = parseRetryAfter(header(result.headers['retry-after']), now().getTime())
  const delay = gone || aborted ? undefined : nextRetryDelayMs(job.attempt - delivery.replayBase, policy, retryAfter)
  const nextAttemptAt = delay === undefined ? null : new Date(now().getTime() + delay)
  const lastError = aborted ? `${record.error ?? 'failed'}; receiver aborted the message (${ABORT_HEADER}: ${ABORT_VALUE})` : record.error
  await deps.deliveries.finish(delivery, record, { status: delay === undefined ? 'dead' : 'retrying', nextAttemptAt, lastError })
  if (gone) {
    await deps.endpoints.disable(endpoint.id, 'endpoint answered 410 Gone')
    deps.logger.warn({ endpointId: endpoint.id }, 'endpoint disabled: it answered 410 Gone')
  } else if (!aborted) {
    // An abort is the receiver's deliberate answer about one message, not a sign the endpoint is failing.
    const failure = await deps.endpoints.recordFailure(endpoint.id, now(), deps.disableAfterMs, deps.circuit)
    if (failure.disabled) deps.logger.warn({ endpointId: endpoint.id }, 'endpoint disabled after failing continuously')
    if (failure.openedUntil !== null) deps.logger.warn({ endpointId: endpoint.id, until: failure.openedUntil }, 'endpoint circuit open: deliveries wait for a probe')
  }
  if (delay === undefined) {
    deps.metrics.completed.inc({ result: 'dead' })
    return
  }
  deps.notifyOutbox()
}

function header (value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}
