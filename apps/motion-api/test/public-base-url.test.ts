import { describe, expect, it } from 'vitest'
import { buildTestApp, login } from './helper.js'

// Building an app (PGlite, stock characters) can take longer than a unit test's default on a loaded machine.
describe('signed URL base', { timeout: 90_000 }, () => {
  it('defaults to http://localhost:<MOTION_PORT> when PUBLIC_BASE_URL is unset', async () => {
    const app = await buildTestApp({ MOTION_PORT: '9090' })
    try {
      const cookie = await login(app)
      const urls = (await app.inject({ url: '/character/v1/getModelUploadUrl', headers: { cookie } })).json()
      expect(urls.modelUrl).toMatch(/^http:\/\/localhost:9090\/uploads\//)
      expect(urls.thumbUrl).toMatch(/^http:\/\/localhost:9090\/uploads\//)
    } finally {
      await app.close()
    }
  })

  it('uses PUBLIC_BASE_URL when set', async () => {
    const app = await buildTestApp({ MOTION_PORT: '9090', PUBLIC_BASE_URL: 'https://motion.example.com' })
    try {
      const urls = (await app.inject({ url: '/character/v1/getModelUploadUrl', headers: { cookie: await login(app) } })).json()
      expect(urls.modelUrl).toMatch(/^https:\/\/motion\.example\.com\/uploads\//)
    } finally {
      await app.close()
    }
  })
})
