import { describe, expect, it } from 'vitest'
import { ConfigError, EnvEnum, Type, defineConfig, undocumentedVariables } from '../src/index.js'

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

  it('lists variables an .env.example does not mention', () => {
    const example = '# Port\nPORT=8000\n# STORAGE_TYPE=memory\nSECURE=false\n'
    expect(undocumentedVariables(config, example)).toEqual(['API_KEY', 'REDIS_URL'])
  })
})
