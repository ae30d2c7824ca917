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
    volumes: new Map([['secrets', '/tmp/s']]),
    disks: new Map([['motion-api', '/tmp/api-disk'], ['motion-worker', '/tmp/worker-disk']]),
    sharedFiles: '/tmp/shared-files'
  }
  const s3 = { endpoint: 'http://127.0.0.1:18333', accessKeyId: 'key', secretAccessKey: 'secret' }

  it('maps host names, ports, volumes and infrastructure, and lists each change', () => {
    const service = readComposeServices(compose)['motion-api']!
    const { env, substitutions } = localEnvironment(service, network, { postgres: 'postgres://t@127.0.0.1/db1', redis: 'redis://127.0.0.1:6379/3', s3 })
    expect(env).toMatchObject({
      MOTION_PORT: '41001',
      PUBLIC_BASE_URL: 'http://127.0.0.1:41001',
      DATA_DIR: '/tmp/api-disk',
      ADMIN_API_KEY_FILE: '/tmp/s/motion-admin-api-key',
      AUTH_JWKS_URL: 'http://127.0.0.1:41002/.well-known/jwks.json',
      DATABASE_URL: 'postgres://t@127.0.0.1/db1',
      REDIS_URL: 'redis://127.0.0.1:6379/3',
      MOTION_ROLE: 'api'
    })
    expect(substitutions).toContain('MOTION_PORT: 8080 → 41001')
  })

  it('gives motion-api and motion-worker no shared disk: each its own DATA_DIR, the files in the test S3 server', () => {
    const services = readComposeServices(compose)
    const api = localEnvironment(services['motion-api']!, network, { s3 }).env
    const worker = localEnvironment(services['motion-worker']!, network, { s3 }).env
    for (const env of [api, worker]) {
      expect(env).toMatchObject({ FILE_STORE: 's3', S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' })
      expect(env.S3_SECRET_ACCESS_KEY_FILE).toBeUndefined()
      expect(env.S3_PUBLIC_ENDPOINT).toBeUndefined()
    }
    expect([api.DATA_DIR, worker.DATA_DIR]).toEqual(['/tmp/api-disk', '/tmp/worker-disk'])
    expect(services['motion-api']?.volumes.map((v) => v.target)).toEqual(['/secrets'])
    expect(services['motion-worker']?.volumes.map((v) => v.target)).toEqual(['/secrets'])
  })

  it('falls back to local files on one shared directory when no S3 server stands in for seaweedfs', () => {
    const { env } = localEnvironment(readComposeServices(compose)['motion-worker']!, network, {})
    expect(env).toMatchObject({ FILE_STORE: 'local', DATA_DIR: '/tmp/shared-files' })
    expect(Object.keys(env).filter((name) => name.startsWith('S3_'))).toEqual([])
  })

  it('falls back to embedded storage and one process when PostgreSQL and Redis are not there', () => {
    const { env } = localEnvironment(readComposeServices(compose)['motion-api']!, network, {})
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.REDIS_URL).toBeUndefined()
    expect(env).toMatchObject({ STORAGE_TYPE: 'memory', MOTION_ROLE: 'all' })
  })
})
