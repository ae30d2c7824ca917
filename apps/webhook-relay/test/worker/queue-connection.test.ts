// The queue is connected in the background: a relay whose broker is away at start accepts at once, retries until the
// broker answers, then consumes and tells the outbox publisher; stopping ends the retries.
import { createLogger } from '@openmotion/common'
import { MemoryQueue } from '@openmotion/job-queue'
import { describe, expect, it } from 'vitest'
import type { DeliveryJob } from '../../src/domain/delivery-queue.js'
import { connectQueue } from '../../src/worker/queue-connection.js'

/** A memory queue whose first `failures` starts fail as an unreachable broker's would. */
class FlakyQueue extends MemoryQueue<DeliveryJob> {
  starts = 0
  constructor (private failures: number) { super() }
  override async start (): Promise<void> {
    this.starts++
    if (this.failures-- > 0) throw new Error('connect ECONNREFUSED')
    await super.start()
  }
}

const logger = createLogger({ name: 'queue-connection-test', level: 'silent' })
const until = async (done: () => boolean): Promise<void> => {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
}

describe('queue connection', () => {
  it('reports why it failed, retries until the queue answers, then consumes and calls onConnected once', async () => {
    const queue = new FlakyQueue(2)
    let connected = 0
    const handled: DeliveryJob[] = []
    const connection = connectQueue({
      queue,
      logger,
      retryMs: 10,
      onConnected: () => { connected++ },
      consume: { handler: async (job) => { handled.push(job) }, concurrency: 1 }
    })
    await until(() => connection.state() !== 'connecting')
    expect(connection.state()).toBe('failed: connect ECONNREFUSED')
    await until(() => connection.state() === 'ok')
    expect(connection.state()).toBe('ok')
    expect([queue.starts, connected]).toEqual([3, 1])
    await queue.enqueue([{ deliveryId: 'dlv_1', endpointId: 'ep_1', attempt: 1 }])
    await until(() => handled.length > 0)
    expect(handled).toEqual([{ deliveryId: 'dlv_1', endpointId: 'ep_1', attempt: 1 }])
    connection.stop()
    await queue.stop()
  })

  it('stops retrying once stopped', async () => {
    const queue = new FlakyQueue(Number.POSITIVE_INFINITY)
    const connection = connectQueue({ queue, logger, retryMs: 10 })
    await until(() => queue.starts >= 2)
    connection.stop()
    const starts = queue.starts
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(queue.starts).toBe(starts)
    expect(connection.state()).toBe('failed: connect ECONNREFUSED')
  })
})
