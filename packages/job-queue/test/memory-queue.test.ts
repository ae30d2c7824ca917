import { MemoryQueue } from '../src/memory-queue.js'
import { queueContract, type TestJob } from './contract/queue-contract.js'

queueContract('memory', { make: async () => new MemoryQueue<TestJob>({ redeliveryDelayMs: 50 }), shared: false, settleMs: 2000 })
