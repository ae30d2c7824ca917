// The one job queue of the project, behind one interface so a deployment's setting picks the backend (memory,
// Redis, Kafka) and every backend is held to one contract (test/contract/queue-contract.ts):
// - jobs are small flat JSON objects of ids and numbers: what they refer to stays in the database, the source of
//   truth (Redis re-encodes a job that comes back after a lapsed lease with Lua's cjson, which keeps such objects);
// - at-least-once: a job leaves the queue only after its handler resolved (acknowledgements are batched); a
//   handler that throws gets the job back after `redeliveryDelayMs` (a delayed retry); a consumer that dies
//   mid-job hands it to another (Redis, Kafka) within seconds, because the lease it holds while the handler runs
//   is short and renewed by a heartbeat, so a job may run for hours (a render) without being taken twice;
// - a delayed job is not handed out before its due time, and due jobs come out in due order;
// - several consumers never receive the same job at once in the normal path; a handler whose lease was taken
//   over (its process stalled past the lease) is told through `lease.lost`, so it stops without a verdict.

/** What a handler holds while it runs its job. */
export interface Lease {
  /** Aborted when the queue gave the job to another consumer (this one missed its heartbeats). */
  readonly lost: AbortSignal
}

export type JobHandler<T> = (job: T, lease: Lease) => Promise<void>

export interface ConsumeOptions {
  /** Handlers running at once in this consumer. */
  concurrency: number
}

export type QueueKind = 'memory' | 'redis' | 'kafka'

export interface JobQueue<T> {
  readonly kind: QueueKind
  /** Connects and creates what the backend needs (topics); idempotent. */
  start (): Promise<void>
  /** Adds jobs due after `delayMs` (0: now), in one round trip. */
  enqueue (jobs: readonly T[], delayMs?: number): Promise<void>
  /** Starts handing jobs to the handler; never waits for a consumer-group join (see `joining`). */
  consume (handler: JobHandler<T>, options: ConsumeOptions): Promise<void>
  /** Consumers that have not joined their group yet (Kafka); empty when every consumer takes jobs. */
  joining (): string[]
  /** Stops taking jobs and waits for running handlers to finish (graceful shutdown). */
  stop (): Promise<void>
  /** Releases connections; call after stop. */
  close (): Promise<void>
  /** Throws when the backend cannot be reached (readiness). */
  ping (): Promise<void>
  /**
   * Names the storage the queue's jobs live in, creating what is missing: the name changes exactly when that
   * storage lost its contents (a broker or Redis restarted without its data, the keys or topics deleted, a new
   * in-memory queue), so a process that sees a new name knows no job handed to the old one survives.
   */
  generation (): Promise<string>
}

export const DEFAULT_REDELIVERY_DELAY_MS = 1000

/** A lease nothing can take over (one process owns every job). */
export const heldForGood: Lease = { lost: new AbortController().signal }
