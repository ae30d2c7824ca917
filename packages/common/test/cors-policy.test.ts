import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { corsPlugin, createCorsPolicy, parseOrigins } from '../src/index.js'

describe('CORS policy', () => {
  it('parses CORS_ORIGINS, ignoring blanks', () => {
    expect(parseOrigins(' https://a.example , ,https://b.example,')).toEqual(['https://a.example', 'https://b.example'])
  })

  it('allows configured origins, localhost outside production only, and what the app adds', async () => {
    const dev = createCorsPolicy({ origins: 'https://app.example', production: false })
    const prod = createCorsPolicy({ origins: 'https://app.example', production: true, alsoAllowed: async (o) => o === 'https://client.example' })
    expect(await dev.allows('https://app.example')).toBe(true)
    expect(await dev.allows('http://localhost:5173')).toBe(true)
    expect(await dev.allows('http://127.0.0.1')).toBe(true)
    expect(await dev.allows('http://localhost.evil.example')).toBe(false)
    expect(dev.allowsWithoutLookup('http://localhost:5173')).toBe(true)
    expect(prod.allowsWithoutLookup('https://client.example')).toBe(false)
    expect(await prod.allows('http://localhost:5173')).toBe(false)
    expect(await prod.allows('https://client.example')).toBe(true)
    expect(await prod.allows('https://other.example')).toBe(false)
  })

  it('answers a preflight with the configured methods, headers and exposed headers, and refuses unknown origins', async () => {
    const app = Fastify()
    await app.register(corsPlugin, {
      policy: createCorsPolicy({ origins: '', production: false }),
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      exposedHeaders: ['location', 'range']
    })
    app.delete('/thing', async () => ({ ok: true }))
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/thing',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'DELETE', 'access-control-request-headers': 'content-range' }
    })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:3000')
    expect(preflight.headers['access-control-allow-credentials']).toBe('true')
    expect(String(preflight.headers['access-control-allow-methods']).split(/,\s*/)).toContain('DELETE')
    expect(preflight.headers['access-control-allow-headers']).toBe('content-range')
    const actual = await app.inject({ method: 'DELETE', url: '/thing', headers: { origin: 'http://localhost:3000' } })
    expect(actual.headers['access-control-expose-headers']).toBe('location, range')
    const foreign = await app.inject({ method: 'DELETE', url: '/thing', headers: { origin: 'https://evil.example' } })
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined()
    await app.close()
  })
})
