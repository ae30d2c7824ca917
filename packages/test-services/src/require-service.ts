import { START_HINT, serviceVariables, type ServiceName } from './service-variables.js'

type Env = Readonly<Record<string, string | undefined>>

/** Thrown in CI when a service an integration test needs is not announced: CI fails, it never skips. */
export class MissingServiceError extends Error {
  readonly code = 'TEST_SERVICE_MISSING'
  readonly service: ServiceName
  readonly variable: string

  constructor (service: ServiceName) {
    const { variable, holds } = serviceVariables[service]
    super(`${service} is required in CI but ${variable} (${holds}) is not set; ${START_HINT}`)
    this.name = 'MissingServiceError'
    this.service = service
    this.variable = variable
  }
}

/** CI runners set CI=true; `1` is accepted too, `false`/`0`/empty mean a developer machine. */
export function isCi (env: Env = process.env): boolean {
  const value = env.CI?.trim().toLowerCase()
  return value !== undefined && value !== '' && value !== 'false' && value !== '0'
}

/**
 * The address of a test service (URL, broker or binary path) from its environment variable.
 * Missing or empty: throws {@link MissingServiceError} in CI, returns undefined elsewhere.
 */
export function requireService (name: ServiceName, env: Env = process.env): string | undefined {
  const { variable } = serviceVariables[name]
  const value = env[variable]?.trim()
  if (value !== undefined && value !== '') return value
  if (isCi(env)) throw new MissingServiceError(name)
  return undefined
}
