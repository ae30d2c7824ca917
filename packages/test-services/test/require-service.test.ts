import { describe, expect, it } from 'vitest'
import { MissingServiceError, isCi, requireService } from '../src/require-service.ts'
import { serviceNames, serviceVariables, type ServiceName } from '../src/service-variables.ts'

const announced: Record<ServiceName, [string, string]> = {
  redis: ['TEST_REDIS_URL', 'redis://127.0.0.1:16379'],
  postgres: ['TEST_DATABASE_URL', 'postgres://openmotion:openmotion@127.0.0.1:15432/openmotion_test'],
  kafka: ['TEST_KAFKA_BROKER', '127.0.0.1:19092'],
  ffmpeg: ['FFMPEG_PATH', '/usr/bin/ffmpeg'],
  chromium: ['CHROMIUM_PATH', '/usr/bin/chromium'],
  schemathesis: ['SCHEMATHESIS_PATH', '/repo/.services/schemathesis/bin/schemathesis'],
  jaeger: ['JAEGER_PATH', '/root/.cache/openmotion/jaeger/v1.75.0/jaeger-all-in-one'],
  s3: ['TEST_S3_URL', 'http://openmotion-test:openmotion-test-secret@127.0.0.1:18333']
}

describe('requireService', () => {
  it.each(serviceNames)('returns the value of the variable that announces %s', (name) => {
    const [variable, value] = announced[name]
    expect(serviceVariables[name].variable).toBe(variable)
    expect(requireService(name, { [variable]: value, CI: 'true' })).toBe(value)
  })

  it('trims whitespace around an announced value', () => {
    expect(requireService('kafka', { TEST_KAFKA_BROKER: ' 127.0.0.1:19092\n' })).toBe('127.0.0.1:19092')
  })

  it('returns undefined for a missing service outside CI', () => {
    expect(requireService('redis', {})).toBeUndefined()
    expect(requireService('redis', { CI: 'false' })).toBeUndefined()
  })

  it('treats an empty variable as missing', () => {
    expect(requireService('postgres', { TEST_DATABASE_URL: '  ' })).toBeUndefined()
    expect(() => requireService('postgres', { TEST_DATABASE_URL: '', CI: 'true' })).toThrow(MissingServiceError)
  })

  it('throws in CI with the service, the variable and how to start it', () => {
    let caught: unknown
    try {
      requireService('kafka', { CI: 'true' })
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(MissingServiceError)
    const error = caught as MissingServiceError
    expect(error.code).toBe('TEST_SERVICE_MISSING')
    expect(error.service).toBe('kafka')
    expect(error.variable).toBe('TEST_KAFKA_BROKER')
    expect(error.message).toMatch(/^kafka is required in CI but TEST_KAFKA_BROKER .* is not set/)
    expect(error.message).toContain('bash scripts/services.sh up')
  })
})

describe('isCi', () => {
  it.each([['true', true], ['1', true], ['TRUE', true], ['false', false], ['0', false], ['', false]])(
    'reads CI=%j as %s', (value, expected) => {
      expect(isCi({ CI: value })).toBe(expected)
    })

  it('is false when CI is unset', () => {
    expect(isCi({})).toBe(false)
  })
})
