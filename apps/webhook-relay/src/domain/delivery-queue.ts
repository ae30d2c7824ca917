// The queue between acceptance and delivery, behind one small interface so STORAGE_TYPE picks the backend.
// Jobs carry ids only: the (possibly encrypted) payload stays in the database, so no queue ever holds `data`.
// Semantics shared by all backends and proven by test/contract/queue-contract.ts:
// - at-least-once: a job is removed only after its handler resolves; a handler that throws gets the job back
//   after `redeliveryDelayMs`; a consumer that dies mid-job hands it to another (Redis, Kafka) within seconds
//   (a lease renewed while the handler runs; a short consumer-group session);
// - a delayed job is not handed out before its due time, and due jobs come out in due order;
// - several consumers never receive the same job at once in the normal path.

export interface DeliveryJob {
  deliveryId: string
  endpointId: string
  /** Attempt number this job performs (1-based, counted over the delivery's whole life). */
  attempt: number
}

/** A job in the outbox (relay_outbox row `id`), due at `dueAt`. */
export interface OutboxEntry {
  id: string
  job: DeliveryJob
  dueAt: Date
}

export type JobHandler = (job: DeliveryJob) => Promise<void>

export interface ConsumeOptions {
  concurrency: number
}

export interface DeliveryQueue {
  readonly kind: 'memory' | 'redis' | 'kafka'
  /** Connects and creates what the backend needs (topics); idempotent. */
  start (): Promise<void>
  enqueue (jobs: readonly DeliveryJob[], delayMs?: number): Promise<void>
  /** Starts handing jobs to the handler; never waits for a consumer-group join (see `joining`). */
  consume (handler: JobHandler, options: ConsumeOptions): Promise<void>
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
   * in-memory queue), so a relay that sees a new name knows no job handed to the old one survives (reconcile).
   */
  generation (): Promise<string>
}

export const DEFAULT_REDELIVERY_DELAY_MS = 1000
