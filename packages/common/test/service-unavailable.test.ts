import { Redis } from 'ioredis'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { freePort } from '@openmotion/test-services'
import { AppError, isServiceUnavailable } from '../src/index.js'

/** The rejection of `run`, which must reject. */
async function failureOf (run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run()
  } catch (error) {
    return error
  }
  throw new Error('expected a rejection')
}

describe('isServiceUnavailable', () => {
  it('recognises node-postgres failing to reach a server', async () => {
    const pool = new pg.Pool({ connectionString: `postgres://x@127.0.0.1:${await freePort()}/x` })
    const error = await failureOf(() => pool.query('SELECT 1'))
    await pool.end()
    expect(isServiceUnavailable(error)).toBe(true)
  })

  it('recognises ioredis giving up on a command while the server is away', async () => {
    const redis = new Redis(`redis://127.0.0.1:${await freePort()}`, { maxRetriesPerRequest: 1, retryStrategy: () => 20 })
    redis.on('error', () => {})
    const error = await failureOf(() => redis.ping())
    redis.disconnect()
    expect(isServiceUnavailable(error)).toBe(true)
  })

  it('recognises a PostgreSQL shutdown, a lost connection and kafkajs broker errors, also when wrapped', () => {
    expect(isServiceUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true)
    expect(isServiceUnavailable(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true)
    expect(isServiceUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true)
    const broker = Object.assign(new Error('Connection error: connect ECONNREFUSED'), { name: 'KafkaJSConnectionError' })
    expect(isServiceUnavailable(Object.assign(new Error('retries exceeded', { cause: broker }), { name: 'KafkaJSNumberOfRetriesExceeded' }))).toBe(true)
    expect(isServiceUnavailable(new AppError(498, 'Unknown pipeline error', 500, { cause: broker }))).toBe(true)
    expect(isServiceUnavailable(new AggregateError([Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })]))).toBe(true)
  })

  it('leaves bugs and data errors alone', () => {
    expect(isServiceUnavailable(new Error('boom'))).toBe(false)
    expect(isServiceUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false)
    expect(isServiceUnavailable(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }))).toBe(false)
    expect(isServiceUnavailable(Object.assign(new Error('retries exceeded', { cause: new Error('UNKNOWN_TOPIC_OR_PARTITION') }), { name: 'KafkaJSNumberOfRetriesExceeded' }))).toBe(false)
    expect(isServiceUnavailable('ECONNREFUSED')).toBe(false)
    const loop: Error & { cause?: unknown } = new Error('loop')
    loop.cause = loop
    expect(isServiceUnavailable(loop)).toBe(false)
  })
})
