import { openDatabase } from '@openmotion/common'
import { describeWithService } from '@openmotion/test-services'
import { MemoryQueue } from '@openmotion/job-queue'
import { relayContract } from '../contract/relay-contract.js'

// The same end-to-end behaviour with tenants, endpoints, messages and attempts in PostgreSQL instead of PGlite.
describeWithService('postgres', (url) => {
  relayContract('memory queue + PostgreSQL', { queue: () => new MemoryQueue(), database: () => openDatabase({ url }), settleMs: 0 })
})
