import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { findDeploymentDrift } from '@openmotion/common'
import { authConfig } from '../src/config.js'

const root = new URL('../../../', import.meta.url)

describe('deployment files', () => {
  it('.env.example and docker-compose.yml agree with the declared variables', () => {
    const drift = findDeploymentDrift(authConfig, {
      envExample: readFileSync(new URL('.env.example', root), 'utf8'),
      compose: readFileSync(new URL('docker-compose.yml', root), 'utf8'),
      service: 'auth-server'
    })
    expect(drift).toEqual({ undocumented: [], unknownInCompose: [], missingInCompose: [] })
  })
})
