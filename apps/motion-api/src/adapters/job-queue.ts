// Where submitted jobs wait for a worker. In memory by default (API and worker in one process); in Redis when
// workers run as separate processes (`motion-api worker`). Cancellation of a running job is broadcast the same
// way, so it reaches whichever process runs the job.
import { EventEmitter } from 'node:events'
import type { CancelBus, JobLease, JobQueue } from '../domain/ports.js'

export type { CancelBus, CancelMessage, JobLease, JobQueue } from '../domain/ports.js'

const neverLost = new AbortController().signal

/** In one process a job cannot outlive its worker: the lease has nothing to renew, and a restart re-queues. */
function memoryLease (rid: string): JobLease {
  return { rid, attempt: 1, lost: neverLost, done: async () => {} }
}

export function createMemoryJobQueue (): JobQueue {
  const waiting: string[] = []
  const takers: Array<(rid: string) => void> = []
  return {
    async push (rid) {
      const taker = takers.shift()
      if (taker !== undefined) taker(rid)
      else waiting.push(rid)
    },
    async pop (signal) {
      if (signal.aborted) return undefined
      const next = waiting.shift()
      if (next !== undefined) return memoryLease(next)
      return await new Promise<JobLease | undefined>((resolve) => {
        const taker = (rid: string): void => { signal.removeEventListener('abort', onAbort); resolve(memoryLease(rid)) }
        const onAbort = (): void => {
          const i = takers.indexOf(taker)
          if (i >= 0) takers.splice(i, 1)
          resolve(undefined)
        }
        takers.push(taker)
        signal.addEventListener('abort', onAbort, { once: true })
      })
    },
    async remove (rid) {
      const i = waiting.indexOf(rid)
      if (i < 0) return false
      waiting.splice(i, 1)
      return true
    },
    async positions (rids) {
      const out = new Map<string, number>()
      for (const rid of rids) { const i = waiting.indexOf(rid); if (i >= 0) out.set(rid, i + 1) }
      return out
    },
    async close () { waiting.length = 0 }
  }
}

export function createMemoryCancelBus (): CancelBus {
  const emitter = new EventEmitter()
  return {
    async publish (message) { emitter.emit('cancel', message) },
    async subscribe (handler) { emitter.on('cancel', handler) },
    async close () { emitter.removeAllListeners() }
  }
}
