// Where submitted jobs wait for a worker, in memory: API and worker in one process (the default). The queue is the
// project's one (@openmotion/job-queue), keyed by rid; cancellation of a running job is broadcast on an emitter.
// Redis (workers as separate processes): redis-job-queue.ts.
import { EventEmitter } from 'node:events'
import { MemoryQueue } from '@openmotion/job-queue'
import type { CancelBus, JobQueue } from '../domain/ports.js'

export type { CancelBus, CancelMessage, JobLease, JobQueue } from '../domain/ports.js'

/** Deliveries of one job: a job that comes back a second time is given up (see JobQueue). */
export const JOB_MAX_ATTEMPTS = 2

/** In one process a job cannot outlive its worker: nothing takes a lease over, and a restart re-queues. */
export function createMemoryJobQueue (): JobQueue {
  return new MemoryQueue<string>({ keyOf: (rid) => rid, maxAttempts: JOB_MAX_ATTEMPTS })
}

export function createMemoryCancelBus (): CancelBus {
  const emitter = new EventEmitter()
  return {
    async publish (message) { emitter.emit('cancel', message) },
    async subscribe (handler) { emitter.on('cancel', handler) },
    async close () { emitter.removeAllListeners() }
  }
}
