import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { interpolate, readComposeServices } from '../src/compose-file.js'
import { localEnvironment, type LocalNetwork } from '../src/local-environment.js'

const compose = readFileSync(new URL('../../../docker-compose.yml', import.meta.url), 'utf8')

describe('compose file reading', () => {
  it('interpolates like docker compose: :- for unset or empty, - for unset only, $$ for a dollar', () => {
    const braced = (inner: string) => '$' + `{${inner}}`
    expect(interpolate(`${braced('A:-x')}/${braced('B-y')}/${braced('C')}/$$D`, { A: '', B: '' })).toBe('x///$D')
    expect(interpolate(braced('A:-x'), { A: 'set' })).toBe('set')
  })

  it('merges the app defaults and reads environment, ports and volumes of the real compose file', () => {
    const services = readComposeServices(compose)
    expect(services['motion-api']?.dependsOn).toEqual(expect.arrayContaining(['init', 'postgres', 'redis']))
    expect(services['motion-api']?.ports).toEqual([{ host: 8080, container: 8080 }])
    expect(services['webhook-relay']?.volumes).toContainEqual({ source: 'secrets', target: '/secrets' })
    expect(services['auth-server']?.environment.ADMIN_EMAIL).toBe('operator@openmotion.local')
    expect(readComposeServices(compose, { AUTH_ADMIN_EMAIL: 'me@example.com' })['auth-server']?.environment.ADMIN_EMAIL).toBe('me@example.com')
  })
})

describe('local environment of a compose service', () => {
  const network: LocalNetwork = {
    ports: new Map([['motion-api', { container: 8080, host: 8080, local: 41001 }], ['auth-server', { container: 3000, host: 3000, local: 41002 }]]),
    volumes: new Map([['secrets', '/tmp/s'], ['motion-data', '/tmp/m']])
  }

  it('maps host names, ports, volumes and infrastructure, and lists each change', () => {
    const service = readComposeServices(compose)['motion-api']!
    const { env, substitutions } = localEnvironment(service, network, { postgres: 'postgres://t@127.0.0.1/db1', redis: 'redis://127.0.0.1:6379/3' })
    expect(env).toMatchObject({
      MOTION_PORT: '41001',
      PUBLIC_BASE_URL: 'http://127.0.0.1:41001',
      DATA_DIR: '/tmp/m',
      ADMIN_API_KEY_FILE: '/tmp/s/motion-admin-api-key',
      AUTH_JWKS_URL: 'http://127.0.0.1:41002/.well-known/jwks.json',
      DATABASE_URL: 'postgres://t@127.0.0.1/db1',
      REDIS_URL: 'redis://127.0.0.1:6379/3',
      MOTION_ROLE: 'api'
    })
    expect(substitutions).toContain('MOTION_PORT: 8080 → 41001')
  })

  it('falls back to embedded storage and one process when PostgreSQL and Redis are not there', () => {
    const { env } = localEnvironment(readComposeServices(compose)['motion-api']!, network, {})
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.REDIS_URL).toBeUndefined()
    expect(env).toMatchObject({ STORAGE_TYPE: 'memory', MOTION_ROLE: 'all' })
  })
})
