// Command-line tools a suite runs itself (assimp, blender, redis-server for a private instance): found by the suite
// its own way, then held to the same rule as the announced services — missing in CI fails, elsewhere it skips.
import { isCi } from './require-service.js'
import { START_HINT } from './service-variables.js'

type Env = Readonly<Record<string, string | undefined>>

/** Thrown in CI when a tool a test needs is not installed. */
export class MissingToolError extends Error {
  readonly code = 'TEST_TOOL_MISSING'

  constructor (readonly tool: string, install: string) {
    super(`${tool} (${install}) is required in CI but is not installed; ${START_HINT}`)
    this.name = 'MissingToolError'
  }
}

/**
 * Whether the suite can run: `found` as is, except that a missing tool throws {@link MissingToolError} in CI.
 * `install` names what provides it (a Debian package), for the message.
 */
export function requireTool (tool: string, found: boolean, install: string, env: Env = process.env): boolean {
  if (!found && isCi(env)) throw new MissingToolError(tool, install)
  return found
}
