import { describe } from 'vitest'
import { createMemoryCancelBus, createMemoryJobQueue } from '../src/adapters/job-queue.js'
import { jobQueueContract } from './contract/job-queue-contract.js'

describe('memory job queue', () => {
  jobQueueContract(async () => {
    const queue = createMemoryJobQueue()
    return { queue, bus: createMemoryCancelBus(), cleanup: async () => { await queue.close() } }
  })
})
