// Job runner: the job queue (in memory, or Redis when workers are separate processes) hands up to
// WORKER_CONCURRENCY jobs at once to this worker, each run with an AbortController for cancel, timeout (599), stuck
// (1101), shutdown and a lost lease. The handler resolves once the job has an outcome in the database (the queue
// forgets it); it throws when the job is left for another delivery (shutdown, a lost lease), and a job left or
// held by a worker that crashed comes back to another worker, whose claim (attempt 2) takes it over. Outcomes are
// written through JobControl, which also serves the API's cancels and places in line; only a process that runs
// jobs builds a worker.
import { setTimeout as sleep } from 'node:timers/promises'
import { inSpan, isServiceUnavailable, type Database, type Logger } from '@openmotion/common'
import type { JobControl } from '../domain/job-control.js'
import { jobFailure, jobFailureOf, type JobFailure } from '../domain/job-failures.js'
import { errors, isServerFault } from '../errors.js'
import type { JobOutput } from '../domain/job-outcomes.js'
import type { CancelBus, JobEvents, JobQueue, JobRepository } from '../domain/ports.js'
import type { Job } from '../domain/records.js'

export type { JobFailure } from '../domain/job-failures.js'

const DATABASE_POLL_MS = 500

/** Runs a claimed job and returns what it made; the worker writes the outcome. */
export type JobProcessor = (job: Job, context: { signal: AbortSignal, progress: (step: number, total: number) => Promise<void> }) => Promise<JobOutput>

export interface JobWorkerOptions {
  concurrency: number
  timeoutMs: number
  logger: Logger
  queue: JobQueue
  cancels: CancelBus
  /** Services besides the database a job needs (the object store): an outage of any is waited out the same way. */
  dependencies?: Array<() => Promise<void>>
  progressEventIntervalMs?: number
}

interface RunningJob { controller: AbortController, reason?: JobFailure, done: Promise<void> }

/** How a run ended: `over` when the job reached its end here, `left` when it is for another delivery to finish. */
type RunEnd = 'over' | 'left'

/** One delivery of a job: its lease, with the rid it is for. */
interface Delivery { rid: string, attempt: number, lost: AbortSignal }

/** Thrown to the queue for a job left for another delivery: the queue hands it out again (as the next attempt). */
class JobLeft extends Error {
  constructor (rid: string) { super(`job ${rid} left for another delivery`) }
}

export class JobWorker {
  private readonly running = new Map<string, RunningJob>()
  private stopped = false
  private subscribed: Promise<void> = Promise.resolve()

  constructor (
    private readonly db: Database,
    private readonly jobs: JobRepository,
    private readonly control: JobControl,
    private readonly processors: Record<string, JobProcessor>,
    private readonly options: JobWorkerOptions
  ) {
    control.runsHere({ has: (rid) => this.running.has(rid), abort: (rid, reason) => this.abortLocal(rid, reason) })
  }

  private get events (): JobEvents { return this.control.events }

  /** Listens for cancellations and takes up to WORKER_CONCURRENCY jobs at once from the queue. */
  async start (): Promise<void> {
    // Joined in the background: a Redis that is down at start-up must not keep the process from serving (it answers
    // /readyz 503 meanwhile); the subscription waits for Redis, and cancellations reach this process from then on.
    this.subscribed = this.options.cancels.subscribe((message) => { this.abortLocal(message.rid, message) }).catch((error: unknown) => {
      this.options.logger.error({ err: error }, 'could not join the cancel channel')
    })
    await this.options.queue.consume(async (rid, lease) => { await this.handle({ rid, attempt: lease.attempt, lost: lease.lost }) }, {
      concurrency: this.options.concurrency
    })
  }

  /** Stops taking jobs and waits for running ones (aborted ones stay PROGRESS and are recovered next start). */
  async close (): Promise<void> {
    this.stopped = true
    await this.options.queue.stop()
    await Promise.allSettled([this.subscribed, ...[...this.running.values()].map((r) => r.done)])
    await this.events.flush()
  }

  private abortLocal (rid: string, reason: JobFailure): boolean {
    const active = this.running.get(rid)
    if (active === undefined) return false
    active.reason = { code: reason.code, type: reason.type, message: reason.message }
    active.controller.abort()
    return true
  }

  /** Runs a delivered job; throws when it is left for another delivery, so the queue hands it out again. */
  private async handle (delivery: Delivery): Promise<void> {
    const { rid } = delivery
    const entry: RunningJob = { controller: new AbortController(), done: Promise.resolve() }
    this.running.set(rid, entry)
    const run = this.runLeased(delivery, entry)
    entry.done = run.then(() => undefined, () => undefined)
    try {
      if (await run === 'left') throw new JobLeft(rid)
    } finally {
      this.running.delete(rid)
    }
  }

  private async runLeased (delivery: Delivery, entry: RunningJob): Promise<RunEnd> {
    // The queue gave the job to another worker (this one missed its lease renewals): stop without a verdict.
    const onLost = (): void => { entry.controller.abort() }
    delivery.lost.addEventListener('abort', onLost, { once: true })
    try {
      return await this.run(delivery, entry)
    } catch (error) {
      this.options.logger.error({ rid: delivery.rid, err: error }, 'job run failed; the queue hands it out again')
      throw error
    } finally {
      delivery.lost.removeEventListener('abort', onLost)
    }
  }

  /**
   * A database outage (PostgreSQL restarting) is waited out, not turned into the job's failure: the claim, or the
   * whole run it interrupted, is made again once the database answers, as the next attempt (a run it cut short may
   * have committed part of its work, and a claim whose reply was lost may have been committed).
   */
  private async run (
    lease: Delivery, entry: { controller: AbortController, reason?: JobFailure }, attempt = lease.attempt, outageSince?: number
  ): Promise<RunEnd> {
    // The claim is atomic: a job queued twice, cancelled, or claimed by the same or a later delivery is skipped
    // here; a redelivery (attempt 2, its first worker died) takes over from the first.
    const { rid } = lease
    const startedAt = Date.now()
    let job: Job | undefined
    try {
      job = await this.jobs.claim(rid, startedAt, attempt)
    } catch (error) {
      if (!isServiceUnavailable(error) || !this.stillPatient(outageSince)) throw error
      return await this.rerunAfterOutage(lease, entry, attempt, outageSince)
    }
    if (job === undefined) return lease.lost.aborted ? 'left' : 'over'
    // The first delivery continues the submission's trace (a child of the request's span): the job is part of that
    // request's story. A redelivery (its first worker died, maybe hours ago) starts a trace of its own, linked to it.
    return await inSpan(`job ${job.processor}`, {
      kind: 'consumer',
      attributes: { 'openmotion.rid': rid, 'openmotion.processor': job.processor, 'openmotion.attempt': attempt },
      from: { traceparent: job.traceparent, relation: lease.attempt === 1 ? 'child' : 'link' }
    }, async () => await this.execute(lease, entry, job, attempt, outageSince))
  }

  /** The claimed job's run: its processor under the timeout, then its outcome written. */
  private async execute (
    lease: Delivery, entry: { controller: AbortController, reason?: JobFailure }, job: Job, attempt: number, outageSince: number | undefined
  ): Promise<RunEnd> {
    const { rid } = lease
    const startedAt = Date.now()
    const processor = this.processors[job.processor]
    const timer = setTimeout(() => {
      entry.reason = jobFailure(errors.GENERATION_TIMEOUT, 'TimeoutError', `The job exceeded ${this.options.timeoutMs} ms`)
      entry.controller.abort()
    }, this.options.timeoutMs)
    try {
      if (processor === undefined) throw new Error(`processor ${job.processor} is not enabled`)
      let lastEventAt = 0
      const output = await processor(job, {
        signal: entry.controller.signal,
        progress: async (step, total) => {
          await this.jobs.progress(rid, { step, total })
          // Progress events are throttled; the terminal event always follows.
          if (Date.now() - lastEventAt < (this.options.progressEventIntervalMs ?? 1000)) return
          lastEventAt = Date.now()
          this.events.publish({
            type: 'job.progress',
            idempotencyKey: `${rid}:progress:${step}`,
            data: { rid, processor: job.processor, status: 'PROGRESS', details: { step, total } }
          })
        }
      })
      entry.controller.signal.throwIfAborted()
      await this.control.settle(rid, { status: 'SUCCESS', output })
      // One line per finished job, on the worker that ran it: with several workers, the operator's way to tell
      // which process ran a job and how long it took.
      this.options.logger.info({ rid, processor: job.processor, attempt, durationMs: Date.now() - startedAt }, 'job succeeded')
    } catch (error) {
      if (entry.reason === undefined && (this.stopped || lease.lost.aborted)) return 'left'
      if (entry.reason === undefined && isServiceUnavailable(error) && this.stillPatient(outageSince)) {
        clearTimeout(timer)
        this.options.logger.warn({ rid, err: error }, 'job interrupted by an outage: it runs again once the database and the file store answer')
        return await this.rerunAfterOutage(lease, entry, attempt, outageSince)
      }
      const failure = entry.reason ?? jobFailureOf(error)
      if (failure.type !== 'Cancelled') await this.whenDatabaseAnswers(lease, () => this.control.fail(rid, failure))
      if (isServerFault(failure.code)) this.options.logger.error({ rid, err: error }, 'job failed')
      else this.options.logger.info({ rid, processor: job.processor, attempt, code: failure.code }, failure.type === 'Cancelled' ? 'job cancelled' : 'job failed')
    } finally {
      clearTimeout(timer)
    }
    return 'over'
  }

  /**
   * Outages interrupt a job's runs for at most the job's own time limit, counted from the first interruption; then
   * the job fails like any other. A count of reruns would not do: a store starting up answers its health check before
   * it can take writes, so several runs can be cut short within a second of one outage.
   */
  private stillPatient (outageSince: number | undefined): boolean {
    return outageSince === undefined || Date.now() - outageSince < this.options.timeoutMs
  }

  /** Runs the job again as the next attempt once its dependencies answer, after a pause when an outage cut short a rerun too. */
  private async rerunAfterOutage (
    lease: Delivery, entry: { controller: AbortController, reason?: JobFailure }, attempt: number, outageSince: number | undefined
  ): Promise<RunEnd> {
    if (outageSince !== undefined) await sleep(DATABASE_POLL_MS)
    return await this.databaseBack(lease) ? await this.run(lease, entry, attempt + 1, outageSince ?? Date.now()) : 'left'
  }

  /** Waits until the database (and every other dependency) answers again; false when the worker stops or loses the lease first. */
  private async databaseBack (lease: Delivery): Promise<boolean> {
    while (!this.stopped && !lease.lost.aborted) {
      try {
        await this.db.ping()
        for (const ping of this.options.dependencies ?? []) await ping()
        return true
      } catch {
        await sleep(DATABASE_POLL_MS)
      }
    }
    return false
  }

  /** Runs `write` (a job's verdict), again once the database answers if it was unavailable. */
  private async whenDatabaseAnswers (lease: Delivery, write: () => Promise<unknown>): Promise<void> {
    try {
      await write()
    } catch (error) {
      if (!isServiceUnavailable(error) || !await this.databaseBack(lease)) throw error
      await write()
    }
  }
}
