// Test support, exported as `@openmotion/job-queue/testing`: takes jobs from a queue one by one, as a test needs
// them. Each taken job stays held (its handler pending) until the test ends it with `done` (the handler resolves)
// or `fail` (it throws), as a worker would.
import type { CountedLease, KeyedJobQueue } from './job-queue.js'

export interface Taken<T> { job: T, lease: CountedLease, done: () => void, fail: () => void }

export interface LeaseTaker<T> {
  /** The next job handed to this consumer, or undefined when none came within `timeoutMs`. */
  next: (timeoutMs?: number) => Promise<Taken<T> | undefined>
  /** Ends every job still held (done), so the queue can stop. */
  releaseAll: () => void
}

export async function leaseTaker<T> (queue: KeyedJobQueue<T>, concurrency = 1): Promise<LeaseTaker<T>> {
  const arrived: Array<Taken<T>> = []
  const waiting: Array<(taken: Taken<T>) => void> = []
  const held = new Set<() => void>()
  await queue.consume(async (job, lease) => {
    await new Promise<void>((resolve, reject) => {
      held.add(resolve)
      const end = (): void => { held.delete(resolve) }
      const taken = { job, lease, done: () => { end(); resolve() }, fail: () => { end(); reject(new Error('failed by the test')) } }
      const waiter = waiting.shift()
      if (waiter !== undefined) waiter(taken)
      else arrived.push(taken)
    })
  }, { concurrency })
  return {
    releaseAll: () => { for (const resolve of held) resolve() },
    next: async (timeoutMs = 10_000) => {
      const first = arrived.shift()
      if (first !== undefined) return first
      return await new Promise<Taken<T> | undefined>((resolve) => {
        const waiter = (taken: Taken<T>): void => { clearTimeout(timer); resolve(taken) }
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1)
          resolve(undefined)
        }, timeoutMs)
        waiting.push(waiter)
      })
    }
  }
}
