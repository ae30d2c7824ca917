import { generateKeyPairSync } from 'node:crypto'
import { createLogger, openDatabase } from '@openmotion/common'
import { describe, expect, it } from 'vitest'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp, relayConfig } from '../src/app.js'
import { MemoryQueue } from '@openmotion/job-queue'

async function startupLog (env: Record<string, string>): Promise<string> {
  let text = ''
  const logger = createLogger({ name: 'webhook-relay', level: 'info', destination: { write: (line: string) => { text += line } } })
  const db = await openDatabase({})
  const app = await buildApp(relayConfig.load(env), { db, logger, worker: false })
  await app.close()
  await db.close()
  return text
}

describe('start-up', () => {
  it('warns that embedded PGlite is for development when DATABASE_URL is unset', async () => {
    let text = ''
    const logger = createLogger({ name: 'webhook-relay', level: 'info', destination: { write: (line: string) => { text += line } } })
    const app = await buildApp(relayConfig.load({ DATA_DIR: mkdtempSync(join(tmpdir(), 'relay-pglite-')) }), { logger, worker: false })
    await app.close()
    expect(text).toContain('embedded PGlite (one connection, one process) is for development')
  })

  it('refuses RELAY_ROLE=api or worker with the memory queue or without DATABASE_URL', () => {
    const shared = { STORAGE_TYPE: 'redis', REDIS_URL: 'redis://127.0.0.1:6379' }
    expect(() => relayConfig.load({ RELAY_ROLE: 'worker' })).toThrow('RELAY_ROLE=worker needs STORAGE_TYPE=redis or kafka')
    expect(() => relayConfig.load({ RELAY_ROLE: 'api', ...shared })).toThrow('RELAY_ROLE=api needs DATABASE_URL')
    expect(relayConfig.load({ RELAY_ROLE: 'api', ...shared, DATABASE_URL: 'postgres://localhost/relay' }).RELAY_ROLE).toBe('api')
  })

  it('RELAY_ROLE=worker serves /healthz but none of the API routes', async () => {
    const db = await openDatabase({})
    const config = relayConfig.load({
      RELAY_ROLE: 'worker',
      STORAGE_TYPE: 'redis',
      REDIS_URL: 'redis://127.0.0.1:6379',
      DATABASE_URL: 'postgres://localhost/relay',
      LOG_LEVEL: 'silent'
    })
    const app = await buildApp(config, { db, queue: new MemoryQueue() })
    try {
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200)
      expect((await app.inject({ method: 'POST', url: '/webhook', payload: { event: 'e', data: {} } })).statusCode).toBe(404)
      expect((await app.inject({ url: '/v1/endpoints' })).statusCode).toBe(404)
    } finally {
      await app.close()
      await db.close()
    }
  })

  it('warns that the memory queue does not persist and that data is unencrypted without ENCRYPTION_KEY', async () => {
    const log = await startupLog({})
    expect(log).toContain('STORAGE_TYPE=memory: queued deliveries do not survive a restart')
    expect(log).toContain('ENCRYPTION_KEY is not set')
  })

  it('stays quiet about encryption when ENCRYPTION_KEY is set', async () => {
    const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
    expect(await startupLog({ ENCRYPTION_KEY: pem })).not.toContain('ENCRYPTION_KEY is not set')
  })

  it('refuses STORAGE_TYPE=redis without REDIS_URL and kafka without KAFKA_BROKER, naming the variable', () => {
    expect(() => relayConfig.load({ STORAGE_TYPE: 'redis' })).toThrow('REDIS_URL is required when STORAGE_TYPE is redis')
    expect(() => relayConfig.load({ STORAGE_TYPE: 'kafka' })).toThrow('KAFKA_BROKER is required when STORAGE_TYPE is kafka')
    expect(() => relayConfig.load({ ENDPOINT_DISABLE_AFTER: '5 days' })).toThrow('ENDPOINT_DISABLE_AFTER is invalid')
  })
})
