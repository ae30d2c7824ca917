import { describe, expect, it } from 'vitest'
import { createHttpSender } from '../../src/adapters/http-sender.js'

const request = (url: string) => ({ url, headers: {}, body: '{}', timeoutMs: 2000 })

describe('outbound HTTP sender SSRF guard', () => {
  const send = createHttpSender({ allowPrivate: false, userAgent: 'test' })

  it('refuses at connect time a hostname that resolves to loopback (DNS rebinding)', async () => {
    const result = await send(request('http://localhost:9/hook'))
    expect(result.statusCode).toBeNull()
    expect(result.error).toMatch(/forbidden address (127\.0\.0\.1|::1)/)
  })

  it('refuses private and metadata IP literals without connecting', async () => {
    for (const url of ['http://127.0.0.1:9/', 'http://169.254.169.254/latest', 'http://[::1]:9/']) {
      const result = await send(request(url))
      expect(result.error).toMatch(/forbidden address/)
    }
  })
})
