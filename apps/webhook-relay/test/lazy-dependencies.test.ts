// Memory: a process loads the drivers its configuration uses and no others. Importing the shared
// packages, as every app does at start, must not load PGlite, ioredis, jose or kafkajs; each is loaded where it is
// first used (openDatabase without a postgres:// URL, createRedis, a JWKS to verify against, the Kafka queue).
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

// A resolve hook (module.register) prints every module the process imports; Node 20 does not send require() through
// the hooks, so the child also lists require's cache (ioredis, for one, is required).
const HOOK = `export async function resolve (specifier, context, next) {
  const resolved = await next(specifier, context)
  process.stderr.write('resolved ' + resolved.url + '\\n')
  return resolved
}`
const CHILD = `import { register, createRequire } from 'node:module'
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOK)}))
await import('@openmotion/common')
await import('@openmotion/job-queue')
for (const file of Object.keys(createRequire(import.meta.url).cache)) process.stderr.write('resolved ' + file + '\\n')`

describe('the shared packages load drivers on first use', () => {
  it('importing @openmotion/common and @openmotion/job-queue loads no PGlite, ioredis, jose or kafkajs', async () => {
    const { stderr } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', CHILD], { cwd: import.meta.dirname })
    const loaded = stderr.split('\n').filter((line) => line.startsWith('resolved '))
    expect(loaded.some((line) => line.includes('/fastify/'))).toBe(true)
    for (const driver of ['@electric-sql/pglite', 'ioredis', 'jose', 'kafkajs']) {
      expect(loaded.filter((line) => line.includes(`/node_modules/${driver}/`)), driver).toEqual([])
    }
  })
})
