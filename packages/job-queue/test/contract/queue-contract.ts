// The one behaviour every queue backend must have (see src/job-queue.ts). Run against memory in unit tests and
// against real Redis and Kafka in test/integration (in CI a missing service fails them).
import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import type { JobQueue } from '../../src/job-queue.js'

/** The relay's delivery job: the shape the contract uses, with a key for Kafka's partitions. */
export interface TestJob { deliveryId: string, endpointId: string, attempt: number }

export interface QueueContractOptions {
  /** A fresh queue; the same `namespace` gives instances sharing one backend (two relays). */
  make: (namespace: string) => Promise<JobQueue<TestJob>>
  /** Backends where two instances share jobs (not memory). */
  shared: boolean
  /** How long a job may take to reach a consumer (Kafka group joins take seconds). */
  settleMs: number
  /** Durable backends: run a consumer in a child process, SIGKILL it mid-job, and expect the job again. */
  crash?: (namespace: string, job: TestJob) => Promise<void>
}

const job = (n: number): TestJob => ({ deliveryId: `dlv_${n}`, endpointId: `ep_${n % 3}`, attempt: 1 })

async function until (check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

export function queueContract (name: string, options: QueueContractOptions): void {
  describe(`${name} queue contract`, () => {
    const open: JobQueue<TestJob>[] = []
    const make = async (namespace: string) => {
      const queue = await options.make(namespace)
      await queue.start()
      open.push(queue)
      return queue
    }
    afterEach(async () => {
      await Promise.all(open.splice(0).map((q) => q.close()))
    })

    it('hands each enqueued job to the handler once', async () => {
      const queue = await make(randomUUID())
      const seen: string[] = []
      await queue.consume(async (j) => { seen.push(j.deliveryId) }, { concurrency: 4 })
      await queue.enqueue([job(1), job(2), job(3)])
      await until(() => seen.length >= 3, options.settleMs)
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(seen.sort()).toEqual(['dlv_1', 'dlv_2', 'dlv_3'])
    })

    it('holds delayed jobs until due and releases them in due order', async () => {
      const queue = await make(randomUUID())
      const seen: { id: string, at: number }[] = []
      await queue.consume(async (j) => { seen.push({ id: j.deliveryId, at: Date.now() }) }, { concurrency: 1 })
      // Warm up first (a Kafka consumer group needs seconds to join and a delayed job 1 s tier to be read), so
      // the timing below measures the queue, not the join.
      await queue.enqueue([job(0)], 10)
      await until(() => seen.length === 1, options.settleMs)
      seen.length = 0
      const start = Date.now()
      await queue.enqueue([job(3)], 1500)
      await queue.enqueue([job(2)], 700)
      await queue.enqueue([job(1)])
      await until(() => seen.length >= 3, options.settleMs + 3000)
      expect(seen.map((s) => s.id)).toEqual(['dlv_1', 'dlv_2', 'dlv_3'])
      expect((seen[1]?.at ?? 0) - start).toBeGreaterThanOrEqual(690)
      expect((seen[2]?.at ?? 0) - start).toBeGreaterThanOrEqual(1490)
    })

    it('gives a job back when its handler throws (at-least-once)', async () => {
      const queue = await make(randomUUID())
      let calls = 0
      await queue.consume(async () => {
        calls++
        if (calls === 1) throw new Error('worker failed mid-job')
      }, { concurrency: 1 })
      await queue.enqueue([job(1)])
      await until(() => calls >= 2, options.settleMs + 3000)
      expect(calls).toBe(2)
    })

    it('waits for running handlers on stop()', async () => {
      const queue = await make(randomUUID())
      let finished = false
      let started = false
      await queue.consume(async () => {
        started = true
        await new Promise((resolve) => setTimeout(resolve, 300))
        finished = true
      }, { concurrency: 1 })
      await queue.enqueue([job(1)])
      await until(() => started, options.settleMs)
      await queue.stop()
      expect(finished).toBe(true)
    })

    it('runs up to `concurrency` handlers at once and never hands one job to two consumers', async () => {
      const namespace = randomUUID()
      const consumers = options.shared ? [await make(namespace), await make(namespace)] : [await make(namespace)]
      const seen: string[] = []
      let running = 0
      let peak = 0
      for (const queue of consumers) {
        await queue.consume(async (j) => {
          running++
          peak = Math.max(peak, running)
          await new Promise((resolve) => setTimeout(resolve, 20))
          seen.push(j.deliveryId)
          running--
        }, { concurrency: 3 })
      }
      const jobs = Array.from({ length: 30 }, (_, i) => job(i))
      await (consumers[0] as JobQueue<TestJob>).enqueue(jobs)
      await until(() => seen.length >= 30, options.settleMs + 10_000)
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(seen).toHaveLength(30)
      expect(new Set(seen).size).toBe(30)
      expect(peak).toBeGreaterThan(1)
      expect(peak).toBeLessThanOrEqual(3 * consumers.length)
    })

    if (options.crash !== undefined) {
      const crash = options.crash
      it('hands a job held by a consumer killed with SIGKILL to the next consumer', async () => {
        const namespace = randomUUID()
        const producer = await make(namespace)
        await producer.enqueue([job(7)])
        await crash(namespace, job(7))
        const seen: string[] = []
        await producer.consume(async (j) => { seen.push(j.deliveryId) }, { concurrency: 1 })
        await until(() => seen.includes('dlv_7'), options.settleMs + 30_000)
        expect(seen).toContain('dlv_7')
      })
    }
  })
}
