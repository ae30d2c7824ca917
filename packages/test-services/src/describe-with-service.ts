import { describe } from 'vitest'
import { requireService } from './require-service.js'
import { START_HINT, serviceVariables, type ServiceName } from './service-variables.js'

/** The suite title: the service and where it is, or why the suite is skipped. */
export function serviceSuiteTitle (name: ServiceName, target: string | undefined): string {
  if (target !== undefined) return `${name} at ${target}`
  return `${name} (skipped: ${serviceVariables[name].variable} is not set; ${START_HINT})`
}

/**
 * A vitest `describe` that runs when the service is announced and is skipped, with the reason in its title,
 * when it is not. In CI a missing service throws while the file is collected, so the run fails.
 *
 * vitest still calls `suite` to collect a skipped suite's tests; it then receives an empty string, so open
 * connections in hooks or tests, never in the suite body itself.
 */
export function describeWithService (name: ServiceName, suite: (target: string) => void): void {
  const target = requireService(name)
  describe.skipIf(target === undefined)(serviceSuiteTitle(name, target), () => { suite(target ?? '') })
}
