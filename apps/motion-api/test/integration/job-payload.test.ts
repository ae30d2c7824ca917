// A rolling upgrade on the shared Redis job queue: a job written by a process of the previous release (the bare
// rid, no version) is taken by this one as its rid.
import { randomUUID } from 'node:crypto'
import { expect, it } from 'vitest'
import { RedisQueue } from '@openmotion/job-queue'
import { describeWithService } from '@openmotion/test-services'
import { createRedisJobQueue, QUEUE_NAME } from '../../src/adapters/redis-job-queue.js'

const sleep = async (ms: number): Promise<void> => { await new Promise((resolve) => setTimeout(resolve, ms)) }

describeWithService('redis', (url) => {
  it('takes a job written in the unversioned shape (a bare rid) as that rid', async () => {
    const prefix = `payload-${randomUUID()}`
    const previousRelease = new RedisQueue<string>({ url, prefix: `${prefix}:${QUEUE_NAME}`, connectionName: 'previous-release', keyOf: (rid) => rid, visibilityTimeoutMs: 30_000 })
    const queue = createRedisJobQueue({ url, prefix, pollMs: 200 })
    try {
      await previousRelease.enqueue(['rid-old'])
      expect([...await queue.positions(['rid-old'])]).toEqual([['rid-old', 1]])
      const seen: string[] = []
      await queue.consume(async (rid) => { seen.push(rid) }, { concurrency: 1 })
      for (let i = 0; i < 100 && seen.length === 0; i++) await sleep(50)
      expect(seen).toEqual(['rid-old'])
      await queue.stop()
    } finally {
      await queue.close()
      await previousRelease.close()
    }
  }, 60_000)
})
