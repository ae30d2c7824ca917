// In-process job runner: a FIFO of request ids, WORKER_CONCURRENCY at a time, each with an AbortController for
// cancel, timeout (599) and shutdown. Jobs still PROGRESS at start-up are re-queued, so a restart loses none.
import type { Database, Logger } from '@openmotion/common'
import type { Job } from '../stores/job-store.js'
import type { JobStore } from '../stores/job-store.js'
import type { CreditLedger } from '../stores/credit-ledger.js'
import { noJobEvents, type JobEvents } from '../adapters/job-events.js'

export interface JobFailure { code: number, type: string, message: string }

export type JobProcessor = (job: Job, context: { signal: AbortSignal, progress: (step: number, total: number) => Promise<void> }) => Promise<void>

export class JobWorker {
  private readonly queue: string[] = []
  private readonly running = new Map<string, { controller: AbortController, reason?: JobFailure, done: Promise<void> }>()
  private stopped = false

  constructor (
    private readonly db: Database,
    private readonly jobs: JobStore,
    private readonly ledger: CreditLedger,
    private readonly processors: Record<string, JobProcessor>,
    private readonly options: { concurrency: number, timeoutMs: number, logger: Logger, events?: JobEvents, progressEventIntervalMs?: number }
  ) {}

  private get events (): JobEvents { return this.options.events ?? noJobEvents }

  async recover (): Promise<void> {
    for (const rid of await this.jobs.pending()) this.enqueue(rid)
  }

  enqueue (rid: string): void {
    if (this.stopped) return
    this.queue.push(rid)
    this.pump()
  }

  /** 1-based place among jobs not yet started; 0 once running; undefined when unknown. */
  positionInQueue (rid: string): number | undefined {
    if (this.running.has(rid)) return 0
    const index = this.queue.indexOf(rid)
    return index < 0 ? undefined : index + 1
  }

  /** Stops a queued or running job; the caller marks it failed. Returns whether the job was still active here. */
  cancel (rid: string, reason: JobFailure = { code: 0, type: 'Cancelled', message: 'Cancelled by the client' }): boolean {
    const index = this.queue.indexOf(rid)
    if (index >= 0) {
      this.queue.splice(index, 1)
      return true
    }
    const active = this.running.get(rid)
    if (active === undefined) return false
    active.reason = reason
    active.controller.abort()
    return true
  }

  /** Stops taking jobs and waits for running ones (they stay PROGRESS if aborted and are re-queued next start). */
  async close (): Promise<void> {
    this.stopped = true
    this.queue.length = 0
    await Promise.allSettled([...this.running.values()].map((r) => r.done))
    await this.events.flush()
  }

  private pump (): void {
    while (!this.stopped && this.running.size < this.options.concurrency && this.queue.length > 0) {
      const rid = this.queue.shift()!
      const controller = new AbortController()
      const entry: { controller: AbortController, reason?: JobFailure, done: Promise<void> } = { controller, done: Promise.resolve() }
      this.running.set(rid, entry)
      entry.done = this.run(rid, entry).finally(() => {
        this.running.delete(rid)
        this.pump()
      })
    }
  }

  private async run (rid: string, entry: { controller: AbortController, reason?: JobFailure }): Promise<void> {
    const job = await this.jobs.get(rid)
    if (job === undefined || job.status !== 'PROGRESS') return
    const processor = this.processors[job.processor]
    const timer = setTimeout(() => {
      entry.reason = { code: 599, type: 'TimeoutError', message: `The job exceeded ${this.options.timeoutMs} ms` }
      entry.controller.abort()
    }, this.options.timeoutMs)
    const startedAt = Date.now()
    await this.jobs.update(this.db, rid, { processingInfo: { ...job.processingInfo, startedAt } })
    try {
      if (processor === undefined) throw Object.assign(new Error(`processor ${job.processor} is not enabled`), { code: 498 })
      let lastEventAt = 0
      await processor(job, {
        signal: entry.controller.signal,
        progress: async (step, total) => {
          await this.jobs.update(this.db, rid, { details: { step, total } })
          // Progress events are throttled; the terminal event always follows.
          if (Date.now() - lastEventAt < (this.options.progressEventIntervalMs ?? 1000)) return
          lastEventAt = Date.now()
          this.events.publish({ type: 'job.progress', idempotencyKey: `${rid}:progress:${step}`, data: { rid, processor: job.processor, status: 'PROGRESS', details: { step, total } } })
        }
      })
      const finished = await this.jobs.get(rid)
      if (finished?.status === 'SUCCESS') {
        this.events.publish({ type: 'job.succeeded', idempotencyKey: `${rid}:succeeded`, data: { rid, processor: job.processor, status: 'SUCCESS', chargedAmount: finished.chargedAmount, details: finished.details } })
      }
    } catch (error) {
      if (this.stopped && entry.reason === undefined) return
      const failure = entry.reason ?? toFailure(error)
      if (failure.type !== 'Cancelled') await this.fail(rid, failure)
      if (failure.code >= 500 || failure.code === 498) this.options.logger.error({ rid, err: error }, 'job failed')
    } finally {
      clearTimeout(timer)
    }
  }

  /** Marks a still-running job FAILURE and refunds what it was charged, in one transaction. */
  async fail (rid: string, failure: JobFailure): Promise<boolean> {
    const failed = await this.db.transaction(async (tx) => {
      const job = await this.jobs.lockForUpdate(tx, rid)
      if (job === undefined || job.status !== 'PROGRESS') return false as const
      await this.ledger.refund(tx, job.clientId, job.chargedAmount, rid, `refund: ${failure.type}`)
      await this.jobs.update(tx, rid, {
        status: 'FAILURE',
        chargedAmount: 0,
        details: { exc_type: failure.type, exc_message: failure.message, code: failure.code },
        processingInfo: { ...job.processingInfo, finishedAt: Date.now() }
      })
      return job
    })
    if (failed === false) return false
    this.events.publish({
      type: 'job.failed',
      idempotencyKey: `${rid}:failed`,
      data: { rid, processor: failed.processor, status: 'FAILURE', details: { exc_type: failure.type, exc_message: failure.message, code: failure.code } }
    })
    return true
  }
}

function toFailure (error: unknown): JobFailure {
  const code = typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : 498
  const type = error instanceof Error ? (error.name === 'Error' ? 'PipelineError' : error.name) : 'PipelineError'
  const message = code === 498 ? 'Unknown pipeline error' : (error instanceof Error ? error.message : String(error))
  return { code, type, message }
}
