import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import { importX } from 'eslint-plugin-import-x'
import neostandard, { plugins } from 'neostandard'

const root = fileURLToPath(new URL('.', import.meta.url))
const apps = readdirSync(new URL('apps/', import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)

// The dependency rule of ARCHITECTURE.md, per app: routes (auth-server's GraphQL layer is its routes) and workers
// reach the outside world through the ports the domain declares, the domain reaches nothing above or outside it,
// and adapters never reach back up. Only the composition roots (src/*-context.ts, src/app.ts, plugins/) wire
// adapters in.
const layerZones = apps.flatMap((app) => {
  const src = `./apps/${app}/src`
  return [
    {
      target: `${src}/domain`,
      from: [`${src}/adapters`, `${src}/routes`, `${src}/graphql`, `${src}/worker`, `${src}/plugins`],
      message: 'domain/ declares ports (domain/ports.ts) and imports no adapter, route, worker or plugin (ARCHITECTURE.md)'
    },
    {
      target: [`${src}/routes`, `${src}/graphql`, `${src}/worker`],
      from: `${src}/adapters`,
      message: 'routes and workers depend on the ports in domain/, never on an adapter: the context injects it (ARCHITECTURE.md)'
    },
    {
      target: `${src}/adapters`,
      from: [`${src}/routes`, `${src}/graphql`, `${src}/worker`, `${src}/plugins`],
      message: 'adapters implement ports and never import routes, workers or plugins (ARCHITECTURE.md)'
    }
  ]
})

export default [
  ...neostandard({
    ts: true,
    ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', 'tools/kafka/target/**', '.services/**']
  }),
  {
    // Long string and template literals (messages, SQL, GraphQL documents) may run past the limit; code may not.
    rules: {
      '@stylistic/max-len': ['error', { code: 160, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true }]
    }
  },
  {
    files: ['**/*.ts'],
    plugins: { n: plugins.n, '@typescript-eslint': plugins['typescript-eslint'].plugin },
    rules: {
      'n/prefer-node-protocol': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error'
    }
  },
  {
    files: ['apps/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${root}apps/*/tsconfig.json`, noWarnOnMultipleProjects: true })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: layerZones }]
    }
  }
]
