import { generateKeyPairSync } from 'node:crypto'
import { createLogger, openDatabase } from '@openmotion/common'
import { describe, expect, it } from 'vitest'
import { buildApp, relayConfig } from '../src/app.js'

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
