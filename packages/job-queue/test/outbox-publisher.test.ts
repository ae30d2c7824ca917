import { describe, expect, it } from 'vitest'
import { createLogger } from '@openmotion/common'
import { MemoryQueue } from '../src/memory-queue.js'
import { createOutboxPublisher, type OutboxEntry, type OutboxStore } from '../src/outbox-publisher.js'

/** An outbox table in memory: rows with a lease, claimed oldest first as the SQL stores do. */
class MemoryOutbox implements OutboxStore<string> {
  readonly rows = new Map<string, { job: string, dueAt?: Date, leaseUntil: number }>()
  removeCalls = 0
  add (id: string, leaseUntil: number, dueAt?: Date): void {
    this.rows.set(id, { job: `job-${id}`, leaseUntil, ...(dueAt === undefined ? {} : { dueAt }) })
  }

  async claim (limit: number, leaseUntil: Date, now: Date): Promise<Array<OutboxEntry<string>>> {
    const free = [...this.rows].filter(([, row]) => row.leaseUntil <= now.getTime()).slice(0, limit)
    for (const [, row] of free) row.leaseUntil = leaseUntil.getTime()
    return free.map(([id, row]) => ({ id, job: row.job, ...(row.dueAt === undefined ? {} : { dueAt: row.dueAt }) }))
  }

  async remove (ids: readonly string[]): Promise<void> {
    this.removeCalls++
    for (const id of ids) this.rows.delete(id)
  }

  async release (ids: readonly string[], retryAt: Date): Promise<void> {
    for (const id of ids) { const row = this.rows.get(id); if (row !== undefined) row.leaseUntil = retryAt.getTime() }
  }
}

/** A queue that records what it took and refuses while `down`. */
function recordingQueue () {
  const taken: Array<{ jobs: string[], delayMs: number }> = []
  const state = { down: false }
  return {
    taken,
    state,
    queue: {
      async enqueue (jobs: readonly string[], delayMs = 0) {
        if (state.down) throw new Error('connect ECONNREFUSED')
        taken.push({ jobs: [...jobs], delayMs })
      }
    }
  }
}

function logSink () {
  const lines: Array<{ level: number, msg: string }> = []
  return { lines, logger: createLogger({ name: 'test', level: 'info', destination: { write: (line: string) => { lines.push(JSON.parse(line)) } } }) }
}

async function eventually (check: () => void, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms
  for (;;) {
    try { check(); return } catch (error) { if (Date.now() > deadline) throw error }
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe('outbox publisher', () => {
  it('hands committed rows to the queue together and resolves once their rows are deleted, in few statements', async () => {
    const outbox = new MemoryOutbox()
    const { queue, taken } = recordingQueue()
    const publisher = createOutboxPublisher({ outbox, queue, logger: logSink().logger, removeWaitMs: 20 })
    const far = Date.now() + 60_000
    for (const id of ['1', '2', '3']) outbox.add(id, far)
    await Promise.all([publisher.publish([{ id: '1', job: 'job-1' }]), publisher.publish([{ id: '2', job: 'job-2' }, { id: '3', job: 'job-3' }])])
    expect(taken.flatMap((t) => t.jobs).sort()).toEqual(['job-1', 'job-2', 'job-3'])
    expect(outbox.rows.size).toBe(0)
    expect(outbox.removeCalls).toBe(1)
    await publisher.stop()
  })

  it('keeps rows whose enqueue failed, says so once, and publishes them on the tick once the queue is back', async () => {
    const outbox = new MemoryOutbox()
    const { queue, taken, state } = recordingQueue()
    const { logger, lines } = logSink()
    const publisher = createOutboxPublisher({ outbox, queue, logger, pollMs: 20, retryMs: 100 })
    publisher.start()
    state.down = true
    for (const id of ['a', 'b']) {
      outbox.add(id, Date.now() + 60_000)
      await publisher.publish([{ id, job: `job-${id}` }])
    }
    expect([...outbox.rows.keys()]).toEqual(['a', 'b'])
    await new Promise((resolve) => setTimeout(resolve, 300)) // retried by the tick while the queue is down
    expect(lines.filter((l) => l.msg.startsWith('enqueue failed'))).toHaveLength(1)
    state.down = false
    await eventually(() => expect(outbox.rows.size).toBe(0))
    expect(taken.flatMap((t) => t.jobs).sort()).toEqual(['job-a', 'job-b'])
    expect(lines.filter((l) => l.msg.startsWith('enqueue works again'))).toHaveLength(1)
    await publisher.stop()
  })

  it('publishes on its tick the rows another process committed and never handed over, each once', async () => {
    const outbox = new MemoryOutbox()
    const { queue, taken } = recordingQueue()
    const publisher = createOutboxPublisher({ outbox, queue, logger: logSink().logger, pollMs: 20, batch: 2 })
    for (const id of ['x', 'y', 'z']) outbox.add(id, Date.now() - 1) // their process died: leases lapsed
    outbox.add('held', Date.now() + 60_000) // committed by a live process, being handed over by it
    publisher.start()
    await eventually(() => expect(outbox.rows.size).toBe(1))
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(taken.flatMap((t) => t.jobs).sort()).toEqual(['job-x', 'job-y', 'job-z'])
    expect([...outbox.rows.keys()]).toEqual(['held'])
    await publisher.stop()
  })

  it('enqueues a row due later with the delay left, so the queue holds it until due', async () => {
    const outbox = new MemoryOutbox()
    const queue = new MemoryQueue<string>()
    const seen: Array<{ job: string, at: number }> = []
    await queue.consume(async (job) => { seen.push({ job, at: Date.now() }) }, { concurrency: 1 })
    const publisher = createOutboxPublisher({ outbox, queue, logger: logSink().logger })
    const start = Date.now()
    outbox.add('later', start + 60_000, new Date(start + 400))
    outbox.add('now', start + 60_000)
    await publisher.publish([{ id: 'later', job: 'job-later', dueAt: new Date(start + 400) }, { id: 'now', job: 'job-now' }])
    await eventually(() => expect(seen.map((s) => s.job)).toEqual(['job-now', 'job-later']))
    expect((seen[1]?.at ?? 0) - start).toBeGreaterThanOrEqual(390)
    await publisher.stop()
    await queue.close()
  })
})
