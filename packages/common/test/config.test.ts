import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, EnvEnum, Type, defineConfig, isSet, requireThat } from '../src/index.js'

const config = defineConfig(Type.Object({
  PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 8000, description: 'Port to listen on' }),
  STORAGE_TYPE: EnvEnum(['memory', 'redis', 'kafka'], { default: 'memory', description: 'Queue backend' }),
  SECURE: Type.Boolean({ default: false, description: 'Secure cookies' }),
  API_KEY: Type.String({ minLength: 8, description: 'Admin key' }),
  REDIS_URL: Type.Optional(Type.String({ format: 'uri', description: 'Redis URL' }))
}))

describe('config', () => {
  it('applies defaults and coerces numbers, booleans and enums from strings', () => {
    const loaded = config.load({ API_KEY: 'abcdefgh', SECURE: 'yes', STORAGE_TYPE: 'redis' })
    expect(loaded).toEqual({ PORT: 8000, STORAGE_TYPE: 'redis', SECURE: true, API_KEY: 'abcdefgh' })
    expect(Object.isFrozen(loaded)).toBe(true)
  })

  it('names the variable and the expected format when a value is bad', () => {
    expect(() => config.load({ API_KEY: 'abcdefgh', PORT: 'abc' })).toThrow(ConfigError)
    expect(() => config.load({ API_KEY: 'abcdefgh', PORT: 'abc' }))
      .toThrow('PORT is invalid: expected an integer from 1 to 65535, got "abc"')
    expect(() => config.load({ API_KEY: 'abcdefgh', PORT: '70000' })).toThrow(/PORT/)
    expect(() => config.load({ API_KEY: 'abcdefgh', STORAGE_TYPE: 'disk' }))
      .toThrow('STORAGE_TYPE is invalid: expected one of memory, redis, kafka, got "disk"')
    expect(() => config.load({ API_KEY: 'abcdefgh', SECURE: 'maybe' })).toThrow(/SECURE is invalid: expected true or false/)
  })

  it('reports a missing required variable by name', () => {
    try {
      config.load({})
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError)
      expect((error as ConfigError).variable).toBe('API_KEY')
      expect((error as ConfigError).message).toBe('API_KEY is required: expected a string of at least 8 characters')
    }
  })

  it('validates string formats', () => {
    expect(() => config.load({ API_KEY: 'abcdefgh', REDIS_URL: 'not a url' })).toThrow(/REDIS_URL is invalid: expected a URL/)
    expect(config.load({ API_KEY: 'abcdefgh', REDIS_URL: 'redis://localhost:6379' }).REDIS_URL).toBe('redis://localhost:6379')
  })

  it('prints a Markdown table of every variable', () => {
    const table = config.markdownTable()
    expect(table.split('\n')).toHaveLength(2 + 5)
    expect(table).toContain('| `PORT` | no | `8000` | an integer from 1 to 65535 | Port to listen on |')
    expect(table).toContain('| `API_KEY` | yes |  | a string of at least 8 characters | Admin key |')
  })
})

describe('config rules, renamed variables and _FILE twins', () => {
  const schema = Type.Object({
    STORAGE_TYPE: EnvEnum(['memory', 'redis'], { default: 'memory', description: 'Queue backend' }),
    REDIS_URL: Type.Optional(Type.String({ description: 'Redis URL' })),
    SECRET: Type.Optional(Type.String({ minLength: 4, description: 'A secret' }))
  })
  const ruled = defineConfig(schema, {
    rules: [(c) => { requireThat(c.STORAGE_TYPE !== 'redis' || isSet(c.REDIS_URL), 'REDIS_URL', 'REDIS_URL is required when STORAGE_TYPE=redis') }],
    renamed: { QUEUE: 'STORAGE_TYPE' }
  })

  it('runs cross-field rules inside load() and names the variable to fix', () => {
    expect(() => ruled.load({ STORAGE_TYPE: 'redis' })).toThrow(new ConfigError('REDIS_URL', 'REDIS_URL is required when STORAGE_TYPE=redis'))
    expect(ruled.load({ STORAGE_TYPE: 'redis', REDIS_URL: 'redis://x' }).STORAGE_TYPE).toBe('redis')
  })

  it('reads an old name with a warning, and the new name wins when both are set', () => {
    const warnings: string[] = []
    expect(ruled.load({ QUEUE: 'redis', REDIS_URL: 'redis://x' }, { warn: (m) => warnings.push(m) }).STORAGE_TYPE).toBe('redis')
    expect(warnings).toEqual(['QUEUE is deprecated and will stop working in the next release: use STORAGE_TYPE'])
    expect(ruled.load({ QUEUE: 'redis', STORAGE_TYPE: 'memory' }).STORAGE_TYPE).toBe('memory')
  })

  it('refuses at definition a rename to itself, to an undeclared name, or from a still-declared name', () => {
    expect(() => defineConfig(schema, { renamed: { STORAGE_TYPE: 'STORAGE_TYPE' } }))
      .toThrow(new ConfigError('STORAGE_TYPE', 'STORAGE_TYPE is renamed to itself: a rename maps the old name to a different, declared one'))
    expect(() => defineConfig(schema, { renamed: { QUEUE: 'QUEUE_BACKEND' } }))
      .toThrow(new ConfigError('QUEUE', 'QUEUE is renamed to QUEUE_BACKEND, which is not a declared variable'))
    expect(() => defineConfig(schema, { renamed: { REDIS_URL: 'STORAGE_TYPE' } }))
      .toThrow(new ConfigError('REDIS_URL', 'REDIS_URL is renamed to STORAGE_TYPE but is still a declared variable'))
  })

  it('reads NAME_FILE as the content of that file, without its trailing newline', () => {
    const dir = mkdtempSync(join(tmpdir(), 'config-file-'))
    writeFileSync(join(dir, 'secret'), 's3cret-value\n')
    expect(ruled.load({ SECRET_FILE: join(dir, 'secret') }).SECRET).toBe('s3cret-value')
    expect(() => ruled.load({ SECRET_FILE: join(dir, 'missing') })).toThrow(/SECRET_FILE is invalid: cannot read .*missing \(ENOENT\)/)
    expect(() => ruled.load({ SECRET: 'abcd', SECRET_FILE: join(dir, 'secret') })).toThrow('SECRET and SECRET_FILE are both set: keep one')
    writeFileSync(join(dir, 'short'), 'ab')
    expect(() => ruled.load({ SECRET_FILE: join(dir, 'short') })).toThrow(/SECRET is invalid/)
  })
})
