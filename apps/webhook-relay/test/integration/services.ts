// Connection strings of the real services (scripts/services.sh env). Without them the suites are not
// registered outside CI, and in CI a missing service fails the run.
import { describe, it } from 'vitest'

const VARIABLES = { redis: 'TEST_REDIS_URL', kafka: 'TEST_KAFKA_BROKER', postgres: 'TEST_DATABASE_URL' } as const

export function withService (name: keyof typeof VARIABLES, suite: (target: string) => void): void {
  const target = process.env[VARIABLES[name]]
  if (target !== undefined && target !== '') {
    suite(target)
    return
  }
  describe(`${name} service`, () => {
    it(`is reachable (${VARIABLES[name]} set)`, () => {
      if (process.env.CI !== undefined) throw new Error(`${VARIABLES[name]} is not set: start the services with scripts/services.sh`)
    })
  })
}
