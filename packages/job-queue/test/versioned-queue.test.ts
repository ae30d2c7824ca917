import { Type } from '@sinclair/typebox'
import { describe, expect, it, vi } from 'vitest'
import type { Logger } from '@openmotion/common'
import { MemoryQueue } from '../src/memory-queue.js'
import { createPayloadCodec, payloadVersion } from '../src/payload-versions.js'
import { versionedQueue } from '../src/versioned-queue.js'

interface Job { id: string, attempt: number }
const codec = createPayloadCodec<Job>({
  name: 'test job',
  current: 1,
  versions: {
    0: payloadVersion(Type.Object({ id: Type.String(), attempt: Type.Integer() }), (p) => ({ id: p.id, attempt: p.attempt })),
    1: payloadVersion(Type.Object({ v: Type.Literal(1), id: Type.String(), attempt: Type.Integer() }), (p) => ({ id: p.id, attempt: p.attempt }))
  },
  write: (job) => ({ id: job.id, attempt: job.attempt })
})

type SpyLogger = Logger & { warn: ReturnType<typeof vi.fn>, error: ReturnType<typeof vi.fn> }

function logger (): SpyLogger {
  return { warn: vi.fn(), error: vi.fn(), info: vi.fn(), debug: vi.fn() } as unknown as SpyLogger
}

async function waitFor (condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
}

describe('payload codec', () => {
  it('writes the current version and reads it back', () => {
    expect(codec.encode({ id: 'a', attempt: 2 })).toEqual({ v: 1, id: 'a', attempt: 2 })
    expect(codec.decode({ v: 1, id: 'a', attempt: 2 })).toEqual({ kind: 'job', job: { id: 'a', attempt: 2 }, version: 1 })
  })

  it('reads a payload without a version as version 0', () => {
    expect(codec.decode({ id: 'a', attempt: 1 })).toEqual({ kind: 'job', job: { id: 'a', attempt: 1 }, version: 0 })
  })

  it('tells an unknown version from a malformed payload', () => {
    expect(codec.decode({ v: 2, id: 'a', attempt: 1, traceparent: '00-…' })).toEqual({ kind: 'unknown-version', version: 2 })
    expect(codec.decode({ v: 1, id: 'a' })).toMatchObject({ kind: 'malformed', version: 1 })
    expect(codec.decode({ v: 'one', id: 'a', attempt: 1 })).toMatchObject({ kind: 'malformed' })
  })
})

describe('versioned queue', () => {
  it('hands a job written in the old shape and one in the current shape to the handler as the current job', async () => {
    const inner = new MemoryQueue<unknown>({ redeliveryDelayMs: 20 })
    const queue = versionedQueue(inner, codec, logger())
    const seen: Job[] = []
    await inner.enqueue([{ id: 'old', attempt: 1 }])
    await queue.enqueue([{ id: 'new', attempt: 3 }])
    await queue.consume(async (job) => { seen.push(job) }, { concurrency: 1 })
    await waitFor(() => seen.length === 2)
    expect(seen).toEqual([{ id: 'old', attempt: 1 }, { id: 'new', attempt: 3 }])
    await queue.stop()
  })

  it('hands a payload of an unknown version back to the queue with a warning, and keeps consuming', async () => {
    const inner = new MemoryQueue<unknown>({ redeliveryDelayMs: 20 })
    const log = logger()
    const queue = versionedQueue(inner, codec, log)
    const seen: Job[] = []
    await inner.enqueue([{ v: 7, id: 'future', attempt: 1 }, { v: 1, id: 'now', attempt: 1 }])
    await queue.consume(async (job) => { seen.push(job) }, { concurrency: 1 })
    await waitFor(() => log.warn.mock.calls.length >= 2)
    expect(seen).toEqual([{ id: 'now', attempt: 1 }])
    expect(log.warn.mock.calls[0]).toEqual([{ payloadVersion: 7, current: 1 }, 'test job of an unknown version handed back to the queue'])
    await queue.stop()
  })

  it('drops a malformed payload with an error line instead of handing it out forever', async () => {
    const inner = new MemoryQueue<unknown>({ redeliveryDelayMs: 20 })
    const log = logger()
    const queue = versionedQueue(inner, codec, log)
    await inner.enqueue([{ v: 1, id: 'broken' }])
    const handler = vi.fn(async () => {})
    await queue.consume(handler, { concurrency: 1 })
    await waitFor(() => log.error.mock.calls.length > 0)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(log.error).toHaveBeenCalledTimes(1)
    expect(handler).not.toHaveBeenCalled()
    await queue.stop()
  })
})
