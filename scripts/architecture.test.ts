// The claims of ARCHITECTURE.md that no single app test holds: each is checked here against the repository itself,
// and each check is first shown able to fail (a forbidden import is linted and must be reported).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'
import { importGraph, type ImportGraph } from './import-cycles.js'

const root = fileURLToPath(new URL('..', import.meta.url))
let eslint: ESLint
let repository: ImportGraph

beforeAll(() => {
  eslint = new ESLint({ cwd: root })
  repository = importGraph(root)
}, 120_000)

/** The layer rule's messages for `code` linted as if it were the file `path`. */
async function layerErrors (path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: `${root}${path}` })
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message)
}

describe('the dependency rule (eslint.config.js, import-x/no-restricted-paths)', () => {
  // One forbidden import per zone, and an allowed one beside it: the lint reports the first, not the second.
  const cases: Array<[zone: string, file: string, forbidden: string, allowed: string]> = [
    ['a worker reaches a composition root', 'apps/webhook-relay/src/worker/x.ts', '../relay-context.js', '../domain/ports.js'],
    ['GraphQL reaches a composition root', 'apps/auth-server/src/graphql/x.ts', '../auth-context.js', '../errors.js'],
    ['a plugin reaches a composition root', 'apps/motion-api/src/plugins/x.ts', '../motion-context.js', '../errors.js'],
    ['a shared top-level module reaches the app', 'apps/motion-api/src/x.ts', './app.js', './errors.js'],
    ['a shared top-level module reaches an adapter', 'apps/webhook-relay/src/x.ts', './adapters/delivery-store.js', './domain/ports.js'],
    ['the domain reaches a shared top-level module', 'apps/webhook-relay/src/domain/x.ts', '../config.js', '../errors.js'],
    ['the domain reaches an adapter', 'apps/auth-server/src/domain/x.ts', '../adapters/document-store.js', './ports.js'],
    ['a route reaches an adapter', 'apps/motion-api/src/routes/x.ts', '../adapters/job-store.js', '../session.js'],
    ['a plugin reaches an adapter', 'apps/motion-api/src/plugins/x.ts', '../adapters/job-store.js', '../domain/ports.js'],
    ['an adapter reaches a worker', 'apps/webhook-relay/src/adapters/x.ts', '../worker/recovery.js', '../domain/ports.js']
  ]
  it.each(cases)('reports %s, and not the allowed import', async (_zone, file, forbidden, allowed) => {
    expect(await layerErrors(file, `import type { X } from '${forbidden}'`)).toHaveLength(1)
    expect(await layerErrors(file, `import type { X } from '${allowed}'`)).toEqual([])
  }, 60_000)

  it('lets a composition root import adapters, workers and another root', async () => {
    const code = "import type { A } from '../adapters/job-store.js'\nimport type { B } from '../motion-context.js'\nimport type { C } from '../worker/job-worker.js'"
    expect(await layerErrors('apps/motion-api/src/plugins/job-lifecycle.ts', code)).toEqual([])
  }, 60_000)
})

describe('background work (common/background-work.ts)', () => {
  // Upkeep on a timer and retries off the request path come from common's startPeriodicTask, BackgroundTasks and
  // retryUntilDone. A timer of the apps' own is one of these, each bounded by the request or job it serves.
  const ownTimers = new Map([
    ['apps/motion-api/src/worker/job-worker.ts', 'a job\'s run time limit'],
    ['apps/motion-api/src/adapters/job-events.ts', 'the backoff between a published event\'s few tries'],
    ['apps/webhook-relay/src/worker/retention.ts', 'the pause between two batches of one retention run'],
    ['apps/webhook-relay/src/worker/delivery-worker.ts', 'the lease heartbeat of the attempts in flight'],
    ['apps/webhook-relay/src/domain/endpoint-limiter.ts', 'a job\'s wait for its endpoint\'s slot'],
    ['apps/webhook-relay/src/adapters/http-sender.ts', 'a request\'s deadline'],
    ['apps/webhook-relay/src/relay-metrics.ts', 'how long one backlog read serves scrapes']
  ])

  it('the apps set timers only where listed', () => {
    const timers = [...repository.keys()]
      .filter((file) => /^apps\/[^/]+\/src\//.test(file))
      .filter((file) => /\bset(?:Timeout|Interval)\s*\(/.test(readFileSync(`${root}${file}`, 'utf8')))
    expect(timers.sort()).toEqual([...ownTimers.keys()].sort())
  })
})

describe('packages and entry points', () => {
  const appDirs = readdirSync(`${root}apps`).map((name) => `apps/${name}`).filter((dir) => existsSync(`${root}${dir}/package.json`))
  const nameOf = (dir: string) => (JSON.parse(readFileSync(`${root}${dir}/package.json`, 'utf8')) as { name: string }).name
  const appNames = appDirs.map(nameOf)

  // The deployment tests need the apps built first: compose-smoke starts them as compose would, deploy-chart runs
  // their migration CLIs as the chart's Job does. A dev dependency gives turbo that order; nothing else may.
  const deploymentTests = ['packages/compose-smoke', 'packages/deploy-chart']

  it('no package depends on an app, by name or by path (but the deployment tests, for their build order)', () => {
    const packages = readdirSync(`${root}packages`).map((name) => `packages/${name}`).filter((dir) => existsSync(`${root}${dir}/package.json`))
    const dependsOnApp = packages.filter((dir) => {
      const manifest = JSON.parse(readFileSync(`${root}${dir}/package.json`, 'utf8')) as Record<string, Record<string, string> | undefined>
      const kinds = deploymentTests.includes(dir) ? ['dependencies', 'peerDependencies', 'optionalDependencies'] : ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']
      return kinds.flatMap((k) => Object.keys(manifest[k] ?? {})).some((name) => appNames.includes(name))
    })
    const byPath = [...repository].filter(([file, imports]) => file.startsWith('packages/') && imports.some((to) => to.startsWith('apps/')))
    expect(appNames).toContain('@openmotion/webhook-relay')
    expect([...dependsOnApp, ...byPath.map(([file]) => file)]).toEqual([])
  })

  it('only main.ts starts a server: app.ts builds it and never listens', () => {
    const sources = [...repository.keys()].filter((file) => /^apps\/[^/]+\/src\//.test(file))
    const listening = sources.filter((file) => /\brunService\b|\.listen\s*\(/.test(readFileSync(`${root}${file}`, 'utf8')))
    expect(listening.sort()).toEqual(appDirs.map((dir) => `${dir}/src/main.ts`).sort())
  })
})

describe('errors and routes: one way each', () => {
  const appDirs = readdirSync(`${root}apps`).map((name) => `apps/${name}`).filter((dir) => existsSync(`${root}${dir}/package.json`))
  const text = (file: string) => readFileSync(`${root}${file}`, 'utf8')
  const sourcesUnder = (pattern: RegExp) => [...repository.keys()].filter((file) => pattern.test(file))
  const appSources = () => sourcesUnder(/^apps\/[^/]+\/src\//)
  const packageSources = () => sourcesUnder(/^packages\/[^/]+\/src\//)

  it("each app declares every error it answers in one table, its src/errors.ts (common's defineErrors), and builds none elsewhere", () => {
    expect(appSources().filter((file) => /\bdefineErrors\s*\(/.test(text(file))).sort()).toEqual(appDirs.map((dir) => `${dir}/src/errors.ts`).sort())
    expect(appSources().filter((file) => /\bnew AppError\s*\(/.test(text(file)))).toEqual([])
  })

  it('a package names its codes <PREFIX>_ERR_<NAME> through packageErrorCodes, one prefix per package, and no source spells a code out', () => {
    const prefixes = packageSources().flatMap((file) => [...text(file).matchAll(/=\s*packageErrorCodes\('([A-Z]+)'/g)].map((m) => `${m[1]} ${file}`))
    expect(prefixes.sort()).toEqual([
      'CHARACTER packages/motion-characters/src/errors.ts',
      'ENGINE packages/motion-engine/src/errors.ts',
      'RENDER packages/motion-render/src/errors.ts'
    ])
    const spelled = [...appSources(), ...packageSources()].filter((file) => /['"`][A-Z]+_ERR_[A-Z0-9_]+['"`]/.test(text(file)))
    expect(spelled).toEqual([])
  })

  it('an app registers each routes/ module one way: app.register(xRoutes(deps)), the module a factory of a plugin', () => {
    const problems: string[] = []
    for (const dir of appDirs) {
      const app = text(`${dir}/src/app.ts`)
      if (/\.register\(\s*async\b/.test(app)) problems.push(`${dir}/src/app.ts registers an inline plugin`)
      for (const file of sourcesUnder(new RegExp(`^${dir}/src/routes/[^/]+\\.ts$`))) {
        const source = text(file)
        if (/^export async function \w+Routes?\b/m.test(source)) problems.push(`${file}: a route module exports a factory, not the plugin itself`)
        for (const [, name] of source.matchAll(/^export function (\w+Routes?) \(/gm)) {
          if (!source.includes('return async (app: AppInstance) => {')) problems.push(`${file}: ${name} returns no plugin`)
          if (!app.includes(`app.register(${name}(`)) problems.push(`${dir}/src/app.ts does not register ${name}(deps)`)
        }
      }
    }
    expect(problems).toEqual([])
  })
})

describe('tracing (common/src/tracing)', () => {
  const text = (file: string) => readFileSync(`${root}${file}`, 'utf8')
  const sources = () => [...repository.keys()].filter((file) => /^(apps|packages)\/[^/]+\/src\//.test(file))

  it('loads the OpenTelemetry SDK in one module, imported only dynamically when an endpoint is set; the rest uses the api alone', () => {
    const sdkImports = sources().filter((file) => /from '@opentelemetry\/(?!api')[^']+'/.test(text(file)))
    expect(sdkImports).toEqual(['packages/common/src/tracing/tracing-sdk.ts'])
    const importers = sources().filter((file) => /tracing-sdk\.js'/.test(text(file)))
    expect(importers).toEqual(['packages/common/src/tracing/start-tracing.ts'])
    expect(text('packages/common/src/tracing/start-tracing.ts')).toMatch(/await import\('\.\/tracing-sdk\.js'\)/)
    expect(text('packages/common/src/tracing/start-tracing.ts')).not.toMatch(/^import [^\n]*tracing-sdk/m)
  })
})

describe('test services reach the tests (turbo.json)', () => {
  // turbo runs tasks in strict env mode: a variable scripts/services.sh announces but turbo.json does not pass
  // through never reaches a test, which then reports its service missing (and fails in CI).
  it('passes through every variable scripts/services.sh env prints', () => {
    const scripts = [`${root}scripts/services.sh`, ...readdirSync(`${root}scripts/services`).map((name) => `${root}scripts/services/${name}`)]
    const announced = scripts.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/echo "([A-Z][A-Z0-9_]*)=/g)].map((m) => m[1] ?? ''))
    const turbo = JSON.parse(readFileSync(`${root}turbo.json`, 'utf8')) as { globalPassThroughEnv?: string[] }
    expect(announced).toContain('TEST_REDIS_URL')
    expect(announced.filter((name) => !(turbo.globalPassThroughEnv ?? []).includes(name)).sort()).toEqual([])
  })
})
