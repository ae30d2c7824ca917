import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import { importX } from 'eslint-plugin-import-x'
import neostandard, { plugins } from 'neostandard'

const root = fileURLToPath(new URL('.', import.meta.url))
const apps = readdirSync(new URL('apps/', import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)

// The dependency rule of ARCHITECTURE.md, per app, in four zones:
// - composition roots: src/*-context.ts, src/app.ts and the entry points (src/main.ts, src/reencrypt.ts, src/cli/),
//   and the lifecycle plugins (src/plugins/*-lifecycle.ts). They build adapters and wire them into ports; they may
//   import anything, and only another root imports them, so nothing else can reach an adapter through them;
// - the app's shared top-level modules (src/config.ts, src/errors.ts, src/session.ts, src/auth.ts, ...): what
//   routes and workers share; they import no adapter, route, GraphQL module or plugin;
// - routes (auth-server's GraphQL layer is its routes), workers and the other plugins reach the outside world
//   through the ports the domain declares, never an adapter;
// - the domain reaches nothing above or outside it but the app's errors.ts, and adapters never reach back up.
// scripts/architecture.test.ts lints one forbidden import per zone, so a zone that stops matching fails a test.
const layerZones = apps.flatMap((app) => {
  const src = `./apps/${app}/src`
  const roots = [`${src}/*-context.ts`, `${src}/{app,main,reencrypt}.ts`, `${src}/cli/**`, `${src}/plugins/*-lifecycle.ts`]
  const shared = `${src}/!(*-context|app|main|reencrypt).ts`
  const plugins = `${src}/plugins/!(*-lifecycle).ts`
  const layers = (...names) => names.map((name) => `${src}/${name}/**`)
  return [
    {
      target: [...layers('domain', 'adapters', 'routes', 'graphql', 'worker'), plugins, shared],
      from: roots,
      message: 'only a composition root (src/*-context.ts, app.ts, main.ts, cli/, plugins/*-lifecycle.ts) imports a composition root: pass in what is needed, typed by a port (ARCHITECTURE.md)'
    },
    {
      target: shared,
      from: layers('adapters', 'routes', 'graphql', 'plugins'),
      message: "the app's shared top-level modules import no adapter, route, GraphQL module or plugin (ARCHITECTURE.md)"
    },
    {
      target: `${src}/domain/**`,
      from: [...layers('adapters', 'routes', 'graphql', 'worker', 'plugins'), `${src}/!(errors).ts`],
      message: 'domain/ declares ports (domain/ports.ts) and imports nothing of the app but its errors.ts: no adapter, route, worker, plugin or top-level module (ARCHITECTURE.md)'
    },
    {
      target: [...layers('routes', 'graphql', 'worker'), plugins],
      from: layers('adapters'),
      message: 'routes, workers and plugins depend on the ports in domain/, never on an adapter: the context injects it (ARCHITECTURE.md)'
    },
    {
      target: layers('adapters'),
      from: layers('routes', 'graphql', 'worker', 'plugins'),
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
