import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '@openmotion/common'
import { authConfig, buildApp, createLogMailer, type OutboxMailer } from '../src/app.js'
import { SIGN_IN, gqlClient } from './support/graphql-client.js'

const logger = createLogger({ name: 'auth-test', level: 'silent' })

describe('ADMIN_EMAIL with ADMIN_PASSWORD', () => {
  const mailer: OutboxMailer = createLogMailer(logger, { production: false })
  let app: Awaited<ReturnType<typeof buildApp>>
  beforeAll(async () => {
    app = await buildApp(
      authConfig.load({
        LOG_LEVEL: 'silent',
        DOCUMENT_STORE: 'memory',
        BCRYPT_COST: '4',
        ADMIN_EMAIL: 'Ops@Example.com',
        ADMIN_PASSWORD: 'generated-password-0123'
      }),
      { mailer, logger }
    )
  })
  afterAll(async () => { await app.close() })

  it('creates the account at start-up, verified and admin, so the operator signs in at once with an admin token', async () => {
    const { body } = await gqlClient(app)(SIGN_IN, { email: 'ops@example.com', password: 'generated-password-0123' })
    const payload = body.data!.signIn
    expect(payload.user).toMatchObject({ email: 'ops@example.com', role: 'admin', emailVerified: true })
    const claims = JSON.parse(Buffer.from(payload.accessToken.split('.')[1], 'base64url').toString())
    expect(claims.role).toBe('admin')
    expect(mailer.outbox).toHaveLength(0)
  })

  it('refuses a wrong password for that account', async () => {
    const { body } = await gqlClient(app)(SIGN_IN, { email: 'ops@example.com', password: 'not-the-password' })
    expect(body.errors?.[0]?.extensions.code).toBe('INVALID_CREDENTIALS')
  })

  it('refuses an ADMIN_PASSWORD shorter than 12 characters', () => {
    expect(() => authConfig.load({ ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/)
  })
})
