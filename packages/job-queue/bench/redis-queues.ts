// The measurement that chose the Redis queue, on two workloads, through BullMQ and this package's Lua queue, on
// one Redis, rounds alternated in one process so every variant sees the same machine:
// - relay: enqueue N jobs in chunks of 500, then consume them with concurrency C (BENCH_CONCURRENCY) and
//   acknowledge each: the Lua queue (unkeyed), BullMQ's Worker;
// - motion: enqueue N job ids one call each (a submission's hand-over), then take and acknowledge them with
//   motion-api's worker concurrency (BENCH_MOTION_CONCURRENCY): the keyed Lua queue as motion-api configures it,
//   and BullMQ's manual pull (`getNextJob` + `moveToCompleted`).
// BENCH_BEFORE=<path of a module exporting RedisQueue> adds that implementation's relay workload as `lua before`
// (e.g. a copy of an earlier src/redis-queue.ts), to compare a change of the queue with the code it replaces, alternated in one process.
// Prints jobs/s of each phase and the CPU spent per job by this process and by Redis (INFO cpu).
// TEST_REDIS_URL=redis://… pnpm --filter @openmotion/job-queue bench   (BENCH_JOBS, BENCH_ROUNDS, BENCH_VARIANTS)
import { randomUUID } from 'node:crypto'
import { Queue, Worker, type Job } from 'bullmq'
import { closeRedis, createRedis, type Redis } from '@openmotion/common'
import type { JobQueue } from '../src/job-queue.js'
import { RedisQueue, type RedisQueueOptions } from '../src/redis-queue.js'

const JOBS = Number(process.env.BENCH_JOBS ?? 5000)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16)
const MOTION_CONCURRENCY = Number(process.env.BENCH_MOTION_CONCURRENCY ?? 4)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const CHUNK = 500
const url = process.env.TEST_REDIS_URL
if (url === undefined) throw new Error('set TEST_REDIS_URL to the Redis to measure')

interface Payload { id: string, n: number }
interface Phases { enqueue: () => Promise<void>, consume: () => Promise<void>, close: () => Promise<void> }
type Variant = (prefix: string) => Phases

const payloads = (): Payload[] => Array.from({ length: JOBS }, (_, n) => ({ id: `job_${n}`, n }))
const chunks = <T>(items: T[]): T[][] => Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK))

async function until (check: () => boolean | Promise<boolean>): Promise<void> {
  while (!await check()) await new Promise((resolve) => setTimeout(resolve, 2))
}

type QueueClass = new <T>(options: RedisQueueOptions<T>) => JobQueue<T> & { counts: () => Promise<{ inflight: number }> }

const luaQueue = (Implementation: QueueClass): Variant => (prefix) => {
  const queue = new Implementation<Payload>({ url, prefix, visibilityTimeoutMs: 30_000 })
  return {
    enqueue: async () => { for (const chunk of chunks(payloads())) await queue.enqueue(chunk) },
    consume: async () => {
      let done = 0
      await queue.consume(async () => { done++ }, { concurrency: CONCURRENCY })
      await until(() => done === JOBS)
      // Acknowledged, not only handled: the batched ZREMs have emptied the leases.
      await until(async () => (await queue.counts()).inflight === 0)
    },
    close: async () => { await queue.close() }
  }
}

const motionQueue: Variant = (prefix) => {
  // As motion-api's redis-job-queue.ts builds it.
  const queue = new RedisQueue<string>({ url, prefix, visibilityTimeoutMs: 30_000, pollMs: 1000, keyOf: (rid) => rid, maxAttempts: 2 })
  return {
    enqueue: async () => { for (const { id } of payloads()) await queue.enqueue([id]) },
    consume: async () => {
      let done = 0
      await queue.consume(async () => { done++ }, { concurrency: MOTION_CONCURRENCY })
      await until(() => done === JOBS)
      await until(async () => (await queue.counts()).inflight === 0)
    },
    close: async () => { await queue.close() }
  }
}

const bullWorker: Variant = (prefix) => {
  const connection = createRedis({ url, name: 'bench-bull', maxRetriesPerRequest: null })
  const queue = new Queue<Payload>('bench', { connection, prefix, defaultJobOptions: { removeOnComplete: true } })
  let worker: Worker | undefined
  return {
    enqueue: async () => { for (const chunk of chunks(payloads())) await queue.addBulk(chunk.map((data) => ({ name: 'run', data, opts: { jobId: data.id } }))) },
    consume: async () => {
      let done = 0
      worker = new Worker<Payload>('bench', async () => {}, { connection, prefix, concurrency: CONCURRENCY })
      worker.on('completed', () => { done++ })
      await until(() => done === JOBS)
    },
    close: async () => { await worker?.close(); await queue.close(); await closeRedis(connection) }
  }
}

const bullPull: Variant = (prefix) => {
  const connection = createRedis({ url, name: 'bench-bull-pull', maxRetriesPerRequest: null })
  const queue = new Queue<Payload>('bench', { connection, prefix, defaultJobOptions: { removeOnComplete: true } })
  const takers: Worker[] = []
  return {
    enqueue: async () => { for (const data of payloads()) await queue.add('run', data, { jobId: data.id }) },
    consume: async () => {
      let done = 0
      // As motion-api took jobs: one getNextJob per job per loop, completed by token.
      const loop = async (): Promise<void> => {
        const taker = new Worker('bench', null, { connection: createRedis({ url, name: 'bench-bull-take', maxRetriesPerRequest: null }), prefix, autorun: false, drainDelay: 1 })
        takers.push(taker)
        while (done < JOBS) {
          const token = randomUUID()
          const job = await taker.getNextJob(token, { block: false }) as Job<Payload> | undefined
          if (job === undefined) { await new Promise((resolve) => setTimeout(resolve, 2)); continue }
          await job.moveToCompleted('done', token, false)
          done++
        }
      }
      await Promise.all(Array.from({ length: MOTION_CONCURRENCY }, loop))
    },
    close: async () => {
      await Promise.all(takers.map(async (t) => { await t.close(); await closeRedis(t.opts.connection as Redis) }))
      await queue.close()
      await closeRedis(connection)
    }
  }
}

async function redisCpuMicros (redis: Redis): Promise<number> {
  const info = await redis.info('cpu')
  const read = (name: string) => Number(new RegExp(`${name}:([\\d.]+)`).exec(info)?.[1] ?? 0)
  return (read('used_cpu_sys') + read('used_cpu_user')) * 1e6
}

async function measure (name: string, variant: Variant, probe: Redis): Promise<string> {
  const prefix = `bench-${randomUUID()}`
  const phases = variant(prefix)
  const figures: string[] = []
  for (const phase of ['enqueue', 'consume'] as const) {
    const cpu = process.cpuUsage()
    const server = await redisCpuMicros(probe)
    const started = performance.now()
    await phases[phase]()
    const seconds = (performance.now() - started) / 1000
    const used = process.cpuUsage(cpu)
    const serverUsed = await redisCpuMicros(probe) - server
    figures.push(`${phase} ${(JOBS / seconds).toFixed(0)} jobs/s, CPU ${((used.user + used.system) / JOBS).toFixed(0)} µs/job here + ${(serverUsed / JOBS).toFixed(0)} µs/job Redis`)
  }
  await phases.close()
  const keys = await probe.keys(`${prefix}*`)
  if (keys.length > 0) await probe.del(...keys)
  return `${name.padEnd(18)} ${figures.join('; ')}`
}

const probe = createRedis({ url, name: 'bench-probe' })
const all: Array<[string, Variant]> = [
  ['relay lua', luaQueue(RedisQueue)],
  ['relay bullmq', bullWorker],
  ['motion keyed lua', motionQueue],
  ['motion bullmq pull', bullPull]
]
if (process.env.BENCH_BEFORE !== undefined) {
  const before = await import(process.env.BENCH_BEFORE) as { RedisQueue: QueueClass }
  all.splice(1, 0, ['relay lua before', luaQueue(before.RedisQueue)])
}
// BENCH_VARIANTS=relay (or motion, or a full name): only the variants whose name starts with it.
const variants = all.filter(([name]) => name.startsWith(process.env.BENCH_VARIANTS ?? ''))
process.stdout.write(`${JOBS} jobs, concurrency ${CONCURRENCY} (motion ${MOTION_CONCURRENCY}), ${ROUNDS} rounds, ${new Date().toISOString()}\n`)
for (let round = 1; round <= ROUNDS; round++) {
  // Alternated, and the order rotates each round, so neither runs always first on a warm or cold Redis.
  const order = variants.map((_, i) => variants[(i + round - 1) % variants.length] as [string, Variant])
  for (const [name, variant] of order) process.stdout.write(`round ${round} ${await measure(name, variant, probe)}\n`)
}
await closeRedis(probe)
