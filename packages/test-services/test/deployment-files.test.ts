import { describe, expect, it } from 'vitest'
import { findDeploymentDrift, undocumentedVariables } from '../src/index.js'

const config = {
  variables: () => [{ name: 'PORT', required: false }, { name: 'SECRET', required: true }, { name: 'OPTIONAL_URL', required: false }]
}

describe('findDeploymentDrift', () => {
  it('reports undocumented, unknown and missing variables', () => {
    const compose = 'services:\n  app:\n    environment:\n      PORT: "8000"\n      TYPO_PORT: "1"\n'
    expect(findDeploymentDrift(config, { envExample: 'PORT=8000\n', compose, service: 'app' })).toEqual({
      undocumented: ['SECRET', 'OPTIONAL_URL'],
      unknownInCompose: ['TYPO_PORT'],
      missingInCompose: ['SECRET']
    })
  })

  it('accepts list-style compose environments and NAME_FILE twins, and finds nothing wrong in a faithful deployment', () => {
    const compose = 'services:\n  app:\n    environment:\n      - SECRET_FILE=/run/secrets/secret\n      - PORT=1\n'
    const envExample = '# comment\nPORT=8000\nSECRET=change-me\n# OPTIONAL_URL=\n'
    expect(findDeploymentDrift(config, { envExample, compose, service: 'app' }))
      .toEqual({ undocumented: [], unknownInCompose: [], missingInCompose: [] })
  })

  it('fails loudly when the compose service does not exist', () => {
    expect(() => findDeploymentDrift(config, { envExample: '', compose: 'services: {}\n', service: 'app' })).toThrow('no service named app')
  })

  it('lists variables an .env.example does not mention, commented-out ones counting as mentioned', () => {
    expect(undocumentedVariables(config, '# Port\nPORT=8000\n# OPTIONAL_URL=x\n')).toEqual(['SECRET'])
  })
})
