// Keeps deployment files honest against an app's config declaration: .env.example must mention every
// variable, and a docker-compose service must set only variables the app declares and every required one.
import { parse } from 'yaml'
import type { TObject } from '@sinclair/typebox'
import { undocumentedVariables, type ConfigDefinition } from './config.js'

export interface DeploymentDrift {
  /** Declared variables .env.example does not mention. */
  undocumented: string[]
  /** Variables the compose service sets that the app does not declare. */
  unknownInCompose: string[]
  /** Required variables (no default) the compose service does not set. */
  missingInCompose: string[]
}

interface ComposeFile {
  services?: Record<string, { environment?: Record<string, unknown> | string[] }>
}

function composeEnvironment (composeText: string, service: string): string[] {
  const compose = parse(composeText) as ComposeFile
  const definition = compose.services?.[service]
  if (definition === undefined) throw new Error(`docker-compose has no service named ${service}`)
  const environment = definition.environment ?? {}
  return Array.isArray(environment) ? environment.map((entry) => entry.split('=')[0] ?? entry) : Object.keys(environment)
}

export function findDeploymentDrift (
  definition: ConfigDefinition<TObject>,
  files: { envExample: string, compose: string, service: string }
): DeploymentDrift {
  const declared = definition.variables()
  const names = new Set(declared.map((v) => v.name))
  const set = composeEnvironment(files.compose, files.service)
  return {
    undocumented: undocumentedVariables(definition, files.envExample),
    unknownInCompose: set.filter((name) => !names.has(name)),
    missingInCompose: declared.filter((v) => v.required && !set.includes(v.name)).map((v) => v.name)
  }
}
