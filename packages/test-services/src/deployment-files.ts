// Keeps deployment files honest against an app's config declaration: .env.example must mention every variable,
// and a docker-compose service must set only variables the app declares and every required one. Typed by shape
// (any `variables()` list, such as @openmotion/common's ConfigDefinition) because common's own tests use this package.
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'

export interface DeclaredVariables {
  variables: () => Array<{ name: string, required: boolean }>
}

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

/** Names of declared variables that a .env.example text does not mention (as `NAME=` or `# NAME=`). */
export function undocumentedVariables (definition: DeclaredVariables, envExampleText: string): string[] {
  const mentioned = new Set([...envExampleText.matchAll(/^\s*#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]))
  return definition.variables().map((v) => v.name).filter((name) => !mentioned.has(name))
}

function composeEnvironment (composeText: string, service: string): string[] {
  const compose = parse(composeText) as ComposeFile
  const definition = compose.services?.[service]
  if (definition === undefined) throw new Error(`docker-compose has no service named ${service}`)
  const environment = definition.environment ?? {}
  return Array.isArray(environment) ? environment.map((entry) => entry.split('=')[0] ?? entry) : Object.keys(environment)
}

/**
 * Variables every service reads before its own config (common's runService: the OpenTelemetry SDK's names,
 * common's tracingConfig), so a compose service may set them whatever the app declares.
 */
export const TRACING_VARIABLES = ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_SERVICE_NAME', 'OTEL_TRACES_SAMPLER', 'OTEL_TRACES_SAMPLER_ARG', 'OTEL_RESOURCE_ATTRIBUTES']

export function findDeploymentDrift (definition: DeclaredVariables, files: { envExample: string, compose: string, service: string }): DeploymentDrift {
  const declared = definition.variables()
  const names = new Set([...declared.map((v) => v.name), ...TRACING_VARIABLES])
  // A secret may be handed over as NAME_FILE (common's config reads it); compose then sets the twin, not the name.
  const set = composeEnvironment(files.compose, files.service).map((name) => name.endsWith('_FILE') && names.has(name.slice(0, -5)) ? name.slice(0, -5) : name)
  return {
    undocumented: undocumentedVariables(definition, files.envExample),
    unknownInCompose: set.filter((name) => !names.has(name)),
    missingInCompose: declared.filter((v) => v.required && !set.includes(v.name)).map((v) => v.name)
  }
}

const root = new URL('../../../', import.meta.url)

/** The test every app runs on the repository's .env.example and docker-compose.yml. */
export function describeDeploymentFiles (definition: DeclaredVariables, service: string): void {
  describe(`deployment files of ${service}`, () => {
    it('.env.example and docker-compose.yml agree with the declared variables', () => {
      const drift = findDeploymentDrift(definition, {
        envExample: readFileSync(new URL('.env.example', root), 'utf8'),
        compose: readFileSync(new URL('docker-compose.yml', root), 'utf8'),
        service
      })
      expect(drift).toEqual({ undocumented: [], unknownInCompose: [], missingInCompose: [] })
    })

    it('the image runs node with the V8 options ./run start gives the apps (scripts/app-node-options.mjs)', () => {
      const local = /APP_NODE_OPTIONS = '([^']+)'/.exec(readFileSync(new URL('scripts/app-node-options.mjs', root), 'utf8'))?.[1]
      const image = /NODE_OPTIONS=(\S+)/.exec(readFileSync(new URL('Dockerfile', root), 'utf8'))?.[1]
      expect(local).toBeDefined()
      expect(image).toBe(local)
    })
  })
}
