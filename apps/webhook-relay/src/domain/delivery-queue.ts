// The queue between acceptance and delivery is the project's job queue (@openmotion/job-queue), carrying delivery
// jobs; STORAGE_TYPE picks its backend (adapters/create-queue.ts). Jobs carry ids only: the (possibly encrypted)
// payload stays in the database, so no queue ever holds `data`.
import type { ConsumeOptions, JobHandler as QueueJobHandler, JobQueue, OutboxEntry as QueueOutboxEntry } from '@openmotion/job-queue'

export interface DeliveryJob {
  deliveryId: string
  endpointId: string
  /** Attempt number this job performs (1-based, counted over the delivery's whole life). */
  attempt: number
  /** W3C traceparent of the request that brought the message, when it was traced: the attempt's span continues it. */
  traceparent?: string
}

/** A job in the outbox (relay_outbox row `id`), due at `dueAt`. */
export interface OutboxEntry extends QueueOutboxEntry<DeliveryJob> {
  dueAt: Date
}

export type DeliveryQueue = JobQueue<DeliveryJob>
export type JobHandler = QueueJobHandler<DeliveryJob>
export type { ConsumeOptions }
