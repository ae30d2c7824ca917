// Performs one delivery job: admits it against the endpoint's limits (before anything is read), claims the
// attempt under a lease (renewed every third of it while the request runs, so a dead relay's claim lapses in
// seconds) together with the delivery, message and endpoint, signs and sends the request, and records the attempt
// with the delivery's new state and the retry's outbox job in one transaction. Claims and outcomes of concurrent
// jobs share statements (micro-batches of a few ms), so a delivery costs a fraction of a round trip instead of
// thirteen. The queue removes the job only after this resolves, so a crash anywhere in here means the job comes
// back.
import { inSpan, type Logger } from '@openmotion/common'
import type { DeliveryJob, DeliveryQueue } from '../domain/delivery-queue.js'
import type { DataCipher } from '../domain/envelope-encryption.js'
import type { Admission, EndpointLimiter } from '../domain/endpoint-limiter.js'
import { microBatch } from '@openmotion/job-queue'
import type { ClaimedDelivery, DeliveryRepository, EndpointDirectory, Finished, MessageReader, WebhookSender } from '../domain/ports.js'
import { circuitState, heldBackDelayMs } from '../domain/circuit-breaker.js'
import { durationMs } from '../domain/duration.js'
import { endpointPolicy, nextRetryDelayMs, parseRetryAfter, type RetryPolicy } from '../domain/retry-schedule.js'
import { signatureHeader } from '../domain/signing.js'
import type { Delivery, Endpoint, StoredMessage } from '../domain/types.js'
import { statusClass, type RelayMetrics } from '../relay-metrics.js'

export interface WorkerDeps {
  deliveries: DeliveryRepository
  endpoints: EndpointDirectory
  messages: MessageReader
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

/** Jobs claimed together (one statement) and outcomes written together (one transaction). */
const CLAIM_BATCH = 100
const CLAIM_WAIT_MS = 1
const FINISH_BATCH = 200
const FINISH_WAIT_MS = 4
/** When a job that gave up waiting for its endpoint's slot looks again. */
const GIVE_UP_RETRY_MS = 1000

export function createDeliveryWorker (deps: WorkerDeps): (job: DeliveryJob) => Promise<void> {
  const now = deps.now ?? (() => new Date())
  const leases = leaseKeeper(deps, now)
  const claim = microBatch<DeliveryJob, ClaimedDelivery | undefined>({
    maxItems: CLAIM_BATCH,
    maxWaitMs: CLAIM_WAIT_MS,
    concurrency: 2,
    run: async (jobs) => {
      // A job handed out twice in one batch is claimed once; its twin takes the slow path and finds it busy.
      const first = new Map<string, DeliveryJob>()
      for (const job of jobs) if (!first.has(job.deliveryId)) first.set(job.deliveryId, job)
      const claimed = await deps.deliveries.claimMany([...first.values()], new Date(now().getTime() + deps.leaseMs), now())
      return jobs.map((job) => first.get(job.deliveryId) === job ? claimed.get(job.deliveryId) : undefined)
    }
  })
  const finish = microBatch<Finished, boolean>({
    maxItems: FINISH_BATCH,
    maxWaitMs: FINISH_WAIT_MS,
    concurrency: 2,
    run: async (items) => {
      const moved = await deps.deliveries.finishMany(items)
      return items.map((item) => moved.has(item.delivery.id))
    }
  })
  const run: Runner = { ...deps, now, finish, leases }

  // A message's first attempt continues the trace of the request that brought it; a retry (seconds or days later)
  // or a replay starts a trace of its own, linked to that one. The request to the endpoint carries the attempt's
  // traceparent (the undici instrumentation adds it), so the receiver's own trace continues the attempt's.
  return async (job) => await inSpan('webhook deliver', {
    kind: 'consumer',
    attributes: { 'openmotion.delivery_id': job.deliveryId, 'openmotion.endpoint_id': job.endpointId, 'openmotion.attempt': job.attempt },
    from: { traceparent: job.traceparent, relation: job.attempt === 1 ? 'child' : 'link' }
  }, async () => { await perform(job) })

  async function perform (job: DeliveryJob): Promise<void> {
    // Admission comes first, before anything is read: a job over the endpoint's limits costs nothing but the wait.
    const admission = deps.limiter.admit(job.endpointId, await deps.endpoints.rateLimitOf(job.endpointId))
    if (!admission.admitted) {
      await deps.queue.enqueue([job], admission.retryInMs)
      return
    }
    try {
      const claimed = await claim(job)
      if (claimed === undefined) {
        await slowPath(run, job, admission)
        return
      }
      const target = deps.endpoints.targetOf(claimed.endpointRow, now())
      leases.hold(claimed.delivery.id)
      try {
        await attempt(run, job, claimed.delivery, claimed.message, target.endpoint, target.secrets, admission)
      } finally {
        leases.release(claimed.delivery.id)
      }
    } finally {
      admission.release()
    }
  }
}

interface Runner extends WorkerDeps {
  now: () => Date
  finish: (item: Finished) => Promise<boolean>
  leases: ReturnType<typeof leaseKeeper>
}
type Admitted = Extract<Admission, { admitted: true }>

/**
 * A job the batched claim did not take, one read at a time: gone or finished (dropped), an endpoint deleted or
 * disabled (the delivery ends dead), an open circuit (back to the queue without using an attempt), a live lease
 * elsewhere (back to the queue until it lapses), or a half-open circuit whose probe this job won.
 */
async function slowPath (run: Runner, job: DeliveryJob, admission: Admitted): Promise<void> {
  const { now } = run
  const delivery = await run.deliveries.get(job.deliveryId)
  if (delivery === undefined || delivery.status === 'succeeded' || delivery.status === 'dead') return
  const target = await run.endpoints.getForDelivery(delivery.endpointId, now())
  if (target === undefined || target.endpoint.disabled) {
    const reason = target === undefined ? 'endpoint deleted' : `endpoint disabled: ${target.endpoint.disabledReason ?? 'disabled'}`
    if (await run.deliveries.kill(delivery.id, reason) !== undefined) run.metrics.completed.inc({ result: 'dead' })
    return
  }
  if (!await passesCircuit(run, job, target.endpoint, now())) return
  const claim = await run.deliveries.begin(delivery.id, job.attempt, new Date(now().getTime() + run.leaseMs), now())
  // Another relay may be mid-attempt, or may have died mid-attempt: look again once its lease would lapse.
  if (claim.kind === 'busy') await run.queue.enqueue([job], claim.retryInMs)
  if (claim.kind !== 'claimed') return
  const claimed = claim.delivery
  run.leases.hold(claimed.id)
  try {
    const message = await run.messages.getById(claimed.messageId)
    if (message === undefined) return
    await attempt(run, job, claimed, message, target.endpoint, target.secrets, admission)
  } finally {
    run.leases.release(claimed.id)
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
  deps: Runner, job: DeliveryJob, delivery: Delivery, message: StoredMessage, endpoint: Endpoint, secrets: string[], admission: Admitted
): Promise<void> {
  const { now } = deps
  const body = outboundBody(message, deps.cipher.decrypt(message.data))
  if (!await admission.start()) {
    // The endpoint hangs: this job gives its claim and its worker slot back and looks again in a second. The new
    // job is queued before this one is acknowledged, so a crash in between leaves one of them (at-least-once).
    await deps.deliveries.unclaim(delivery)
    await deps.queue.enqueue([job], GIVE_UP_RETRY_MS)
    return
  }
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
  // The endpoint's slot is the request only: writing the outcome does not keep the next request waiting.
  admission.release()
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
    await deps.finish({ delivery, record, outcome: { status: 'succeeded', nextAttemptAt: null, lastError: null } })
    const wasFailing = endpoint.failingSince !== null || endpoint.consecutiveFailures > 0 || endpoint.circuitOpenUntil !== null
    if (wasFailing) await deps.endpoints.recordSuccess(endpoint.id)
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
  await deps.finish({ delivery, record, outcome: { status: delay === undefined ? 'dead' : 'retrying', nextAttemptAt, lastError } })
  if (gone) {
    await deps.endpoints.disable(endpoint.id, 'endpoint answered 410 Gone')
    deps.logger.warn({ endpointId: endpoint.id }, 'endpoint disabled: it answered 410 Gone')
  } else if (!aborted) {
    // An abort is the receiver's deliberate answer about one message, not a sign the endpoint is failing.
    const failure = await deps.endpoints.recordFailure(endpoint.id, now(), deps.disableAfterMs, deps.circuit)
    if (failure.disabled) deps.logger.warn({ endpointId: endpoint.id }, 'endpoint disabled after failing continuously')
    if (failure.openedUntil !== null) { deps.logger.warn({ endpointId: endpoint.id, until: failure.openedUntil }, 'endpoint circuit open: deliveries wait for a probe') }
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
