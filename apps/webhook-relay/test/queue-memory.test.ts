import { MemoryQueue } from '../src/adapters/memory-queue.js'
import { queueContract } from './contract/queue-contract.js'

queueContract('memory', { make: async () => new MemoryQueue({ redeliveryDelayMs: 50 }), shared: false, settleMs: 2000 })
