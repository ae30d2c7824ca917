// The job operations every process that answers clients needs, with or without a worker: queue a job, tell its
// place in line, cancel it, and write a job's outcome with its charge or refund. A worker (src/worker/job-worker.ts)
// runs jobs and writes their outcomes through here; an API-only process builds this alone, and a cancel reaches the
// worker that runs the job through the queue (a waiting job is withdrawn) or the cancel bus (a running one).
import type { Database, Logger } from '@openmotion/common'
import { errors } from '../errors.js'
import { jobFailure, type JobFailure } from './job-failures.js'
import { settlementOf, type JobOutcome } from './job-outcomes.js'
import { noJobEvents, type CancelBus, type JobEvents, type JobQueue, type JobRepository, type JobRunner, type Ledger } from './ports.js'

export const CANCELLED = jobFailure(errors.JOB_CANCELLED, 'Cancelled', 'Cancelled by the client')

/** Jobs this process runs (its worker, when it has one): stopped here without the queue. */
export interface LocalRuns {
  /** Whether `rid` runs here. */
  has (rid: string): boolean
  /** Stops `rid` if it runs here, with `reason` as its failure; false when it does not run here. */
  abort (rid: string, reason: JobFailure): boolean
}

export interface JobControlOptions {
  logger: Logger
  queue: JobQueue
  cancels: CancelBus
  events?: JobEvents
}

export class JobControl implements JobRunner {
  private local: LocalRuns | undefined
  private positionsFailing = false

  constructor (
    private readonly db: Database,
    private readonly jobs: JobRepository,
    private readonly ledger: Ledger,
    private readonly options: JobControlOptions
  ) {}

  get events (): JobEvents { return this.options.events ?? noJobEvents }

  /** The worker of this process, if it has one: its jobs are stopped here and left out of places in line. */
  runsHere (local: LocalRuns): void {
    this.local = local
  }

  async enqueue (rid: string): Promise<void> {
    await this.options.queue.enqueue([rid])
  }

  /**
   * Queues jobs still PROGRESS at start-up. `restart` (one process owns every job): jobs it had started are run
   * again from the beginning. `requeue` (shared queue): jobs never started (the queue keeps one entry per rid, so
   * one already waiting or taken stays as it is); a job a dead worker had started is still in the queue, which
   * hands it to another worker once its lease lapses (attempt 2); one that dies twice is failed by the stuck-job
   * sweep (1101).
   */
  async recover (mode: 'restart' | 'requeue'): Promise<void> {
    if (mode === 'restart') {
      for (const rid of await this.jobs.resetStarted()) await this.enqueue(rid)
      return
    }
    await this.options.queue.enqueue(await this.jobs.unstarted())
  }

  /**
   * 1-based places in line of waiting jobs; running and unknown jobs are absent. While the queue is unreachable
   * every place is unknown (absent): a status poll still answers from the database, which holds the job's state.
   */
  async positions (rids: string[]): Promise<Map<string, number>> {
    try {
      const places = await this.options.queue.positions(rids.filter((rid) => this.local?.has(rid) !== true))
      this.positionsFailing = false
      return places
    } catch (error) {
      if (!this.positionsFailing) this.options.logger.warn({ err: error }, 'job queue unavailable: statuses answered without places in line')
      this.positionsFailing = true
      return new Map()
    }
  }

  /**
   * The client's cancel. The database decides, in one locked transition: a job still PROGRESS becomes FAILURE /
   * Cancelled and is refunded (true); a job that finished first keeps its result (false). Only a cancelled job is
   * then stopped, wherever it waits or runs; a claim or a completion that comes later finds it no longer PROGRESS.
   */
  async cancelJob (rid: string): Promise<boolean> {
    if (!await this.fail(rid, CANCELLED)) return false
    // The cancel is decided and refunded once committed. If the queue cannot be told (Redis away), the job's claim
    // or completion finds it no longer PROGRESS, so stopping it here is an optimisation the client need not wait for.
    await this.stop(rid).catch((error: unknown) => {
      this.options.logger.warn({ rid, err: error }, 'job queue unavailable: the cancelled job is dropped when a worker takes it')
    })
    return true
  }

  /** Stops a waiting or running job (here or in another worker process); the caller marks it failed. */
  async stop (rid: string, reason: JobFailure = CANCELLED): Promise<void> {
    // A job running here is not waiting in the queue: stopping it needs no Redis.
    if (this.local?.abort(rid, reason) === true) return
    if (await this.options.queue.withdraw(rid)) return
    await this.options.cancels.publish({ rid, ...reason })
  }

  /** Marks a still-running job FAILURE and refunds what it was charged, in one transaction. */
  async fail (rid: string, failure: JobFailure): Promise<boolean> {
    return await this.settle(rid, { status: 'FAILURE', failure })
  }

  /**
   * Writes a job's outcome with its charge or refund in one transaction, if the job is still PROGRESS (a cancel,
   * the stuck-job sweep or another delivery may have ended it first), then sends the event of what was written.
   */
  async settle (rid: string, outcome: JobOutcome): Promise<boolean> {
    const event = await this.db.transaction(async (tx) => {
      const job = await this.jobs.lockForUpdate(tx, rid)
      if (job === undefined || job.status !== 'PROGRESS') return undefined
      const { changes, ledger, event } = settlementOf(job, outcome, Date.now())
      if (ledger?.kind === 'charge') await this.ledger.charge(tx, job.clientId, ledger.amount, rid, ledger.note)
      if (ledger?.kind === 'refund') await this.ledger.refund(tx, job.clientId, ledger.amount, rid, ledger.note)
      await this.jobs.update(tx, rid, changes)
      return event
    })
    if (event === undefined) return false
    this.events.publish(event)
    return true
  }
}
