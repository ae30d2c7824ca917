import { MemoryQueue } from '../src/memory-queue.js'
import { keyedQueueContract } from './contract/keyed-queue-contract.js'
import { queueContract, type TestJob } from './contract/queue-contract.js'

queueContract('memory', { make: async () => new MemoryQueue<TestJob>({ redeliveryDelayMs: 50 }), shared: false, settleMs: 2000 })
keyedQueueContract('memory', { make: async () => new MemoryQueue<string>({ keyOf: (rid) => rid, maxAttempts: 2, redeliveryDelayMs: 50 }) })
