import { MemoryQueue } from '../../src/adapters/memory-queue.js'
import { relayContract } from '../contract/relay-contract.js'

relayContract('memory', { queue: () => new MemoryQueue(), settleMs: 0 })
