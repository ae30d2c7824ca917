import { createMemoryRateLimiter } from '../src/adapters/rate-limiter.js'
import { rateLimiterContract } from './contract/rate-limiter-contract.js'

rateLimiterContract('memory', async () => createMemoryRateLimiter())
