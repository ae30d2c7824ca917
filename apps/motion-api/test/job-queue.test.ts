import { describe } from 'vitest'
import { createMemoryCancelBus, createMemoryJobQueue } from '../src/adapters/job-queue.js'
import { jobQueueContract } from './contract/job-queue-contract.js'

describe('memory job queue', () => {
  jobQueueContract(async () => ({ queue: createMemoryJobQueue(), bus: createMemoryCancelBus(), cleanup: async () => {} }))
})
