// The cancel race on embedded PGlite with the in-process job queue (PostgreSQL and Redis: test/integration).
import { describe } from 'vitest'
import { cancelRaceSuite } from './contract/cancel-race-suite.js'

describe('cancel race (PGlite, in-process worker)', () => {
  cancelRaceSuite(async () => ({}))
})
