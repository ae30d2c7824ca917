import { MemoryQueue } from '@openmotion/job-queue'
import { relayContract } from '../contract/relay-contract.js'

relayContract('memory', { queue: () => new MemoryQueue(), settleMs: 0 })
