import { describe, expect, it } from 'vitest'
import { Type, defineConfig, findDeploymentDrift } from '../src/index.js'

const config = defineConfig(Type.Object({
  PORT: Type.Integer({ default: 8000, description: 'Port' }),
  SECRET: Type.String({ description: 'Secret' }),
  OPTIONAL_URL: Type.Optional(Type.String({ description: 'URL' }))
}))

describe('findDeploymentDrift', () => {
  it('reports undocumented, unknown and missing variables', () => {
    const compose = 'services:\n  app:\n    environment:\n      PORT: "8000"\n      TYPO_PORT: "1"\n'
    expect(findDeploymentDrift(config, { envExample: 'PORT=8000\n', compose, service: 'app' })).toEqual({
      undocumented: ['SECRET', 'OPTIONAL_URL'],
      unknownInCompose: ['TYPO_PORT'],
      missingInCompose: ['SECRET']
    })
  })

  it('accepts list-style compose environments and finds nothing wrong in a faithful deployment', () => {
    const compose = 'services:\n  app:\n    environment:\n      - SECRET=x\n      - PORT=1\n'
    const envExample = '# comment\nPORT=8000\nSECRET=change-me\n# OPTIONAL_URL=\n'
    expect(findDeploymentDrift(config, { envExample, compose, service: 'app' }))
      .toEqual({ undocumented: [], unknownInCompose: [], missingInCompose: [] })
  })

  it('fails loudly when the compose service does not exist', () => {
    expect(() => findDeploymentDrift(config, { envExample: '', compose: 'services: {}\n', service: 'app' })).toThrow('no service named app')
  })
})
