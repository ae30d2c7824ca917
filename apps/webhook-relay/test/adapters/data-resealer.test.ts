import { generateKeyPairSync } from 'node:crypto'
import { openDatabase } from '@openmotion/common'
import { describe, expect, it } from 'vitest'
import { resealAll } from '../../src/adapters/data-resealer.js'
import { cipherFromConfig } from '../../src/domain/envelope-encryption.js'
import { buildTestRelay, eventually, scriptedSender } from '../helper.js'

const pemOf = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().replaceAll('\n', '\\n')

describe('key rotation', () => {
  it('keeps custom endpoint headers encrypted at rest, re-encrypts everything under a new key, and the old key can go', async () => {
    const oldKeys = `old:${pemOf()}`
    const newKeys = `new:${pemOf()},${oldKeys}`
    const db = await openDatabase({})
    const first = await buildTestRelay({ ENCRYPTION_KEYS: oldKeys }, { db, worker: false })
    const endpoint = (
      await first.app.inject({
        method: 'POST',
        url: '/v1/endpoints',
        headers: first.auth,
        payload: { url: 'http://127.0.0.1:9/k', headers: { authorization: 'Bearer header-canary-5521' } }
      })
    ).json<{ id: string, secret: string }>()
    const { id } = (
      await first.app.inject({ method: 'POST', url: '/webhook', headers: first.auth, payload: { event: 'rotate', data: { canary: 'data-canary-8812' } } })
    ).json<{ id: string }>()
    await first.app.close()
    const dump = JSON.stringify((await db.query('SELECT * FROM relay_endpoints')).rows)
    expect(dump).not.toContain('header-canary-5521')
    expect(dump).not.toContain(endpoint.secret)

    expect(await resealAll(db, cipherFromConfig({ ENCRYPTION_KEYS: newKeys }))).toEqual({ messages: 1, endpoints: 1 })
    expect(await resealAll(db, cipherFromConfig({ ENCRYPTION_KEYS: newKeys }))).toEqual({ messages: 0, endpoints: 0 })
    const { rows } = await db.query<{ key_id: string }>('SELECT key_id FROM relay_messages')
    expect(rows.map((r) => r.key_id)).toEqual(['new'])

    // With the old key dropped, the message, the secret and the headers are all still readable.
    const sender = scriptedSender([200])
    const second = await buildTestRelay({ ENCRYPTION_KEYS: newKeys.split(',')[0] as string }, { db, send: sender })
    await second.app.inject({ method: 'POST', url: `/v1/messages/${id}/replay`, headers: first.auth })
    const message = await second.app.inject({ url: `/v1/messages/${id}`, headers: first.auth })
    expect(message.json().data).toEqual({ canary: 'data-canary-8812' })
    const secret = (await second.app.inject({ url: `/v1/endpoints/${endpoint.id}/secret`, headers: first.auth })).json<{ secret: string }>()
    expect(secret.secret).toBe(endpoint.secret)
    await second.app.inject({ method: 'POST', url: '/webhook', headers: first.auth, payload: { event: 'after', data: {} } })
    await eventually(() => expect(sender.requests.some((r) => r.body.includes('"after"'))).toBe(true), 10_000)
    for (const request of sender.requests) expect(request.headers.authorization).toBe('Bearer header-canary-5521')
    await second.close()
  }, 60_000)
})
