import { describe, expect, it } from 'vitest'
import { motionConfig } from '../src/config.js'
import { buildTestApp } from './helper.js'

async function sessionCookie (env: Record<string, string>): Promise<string> {
  const app = await buildTestApp(env)
  try {
    const response = await app.inject({ url: '/account/v1/auth', headers: { authorization: `Basic ${Buffer.from('dev-client:dev-secret').toString('base64')}` } })
    expect(response.statusCode).toBe(200)
    return String(response.headers['set-cookie'])
  } finally {
    await app.close()
  }
}

// Building an app (PGlite, stock characters) can take longer than a unit test's default on a loaded machine.
describe('dmsess Secure attribute', { timeout: 180_000 }, () => {
  it('is not Secure in production over plain HTTP (a LAN address), so the browser keeps the session', async () => {
    const cookie = await sessionCookie({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'http://192.168.1.20:8080', MOTION_CLIENT_ID: 'dev-client' })
    expect(cookie).toMatch(/^dmsess=/)
    expect(cookie).not.toMatch(/;\s*Secure/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
  })

  it('is Secure when PUBLIC_BASE_URL is https://', async () => {
    expect(await sessionCookie({ PUBLIC_BASE_URL: 'https://motion.example.com' })).toMatch(/;\s*Secure/i)
  })

  it('follows an explicit COOKIE_SECURE either way (a TLS proxy in front, or HTTP behind an https name)', async () => {
    expect(await sessionCookie({ PUBLIC_BASE_URL: 'http://motion.internal:8080', COOKIE_SECURE: 'true' })).toMatch(/;\s*Secure/i)
    expect(await sessionCookie({ PUBLIC_BASE_URL: 'https://motion.example.com', COOKIE_SECURE: 'false' })).not.toMatch(/;\s*Secure/i)
  })

  it('is Secure and SameSite=None for cross-origin clients (CORS_ORIGINS), whatever the scheme', async () => {
    const cookie = await sessionCookie({ PUBLIC_BASE_URL: 'http://localhost:8080', CORS_ORIGINS: 'https://app.example.com' })
    expect(cookie).toMatch(/;\s*Secure/i)
    expect(cookie).toMatch(/SameSite=None/i)
  })

  it('refuses COOKIE_SECURE=false with CORS_ORIGINS at start-up, naming the variable', () => {
    expect(() => motionConfig.load({ COOKIE_SECURE: 'false', CORS_ORIGINS: 'https://app.example.com' })).toThrow(/COOKIE_SECURE/)
    expect(() => motionConfig.load({ COOKIE_SECURE: 'maybe' })).toThrow(/COOKIE_SECURE/)
  })
})
