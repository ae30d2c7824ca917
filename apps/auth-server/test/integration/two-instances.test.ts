// Two auth-server processes (src/main.ts) as the Helm chart runs them: the same signing key, the same PostgreSQL
// database and the same Redis, nothing else shared, and a client whose requests land on either. A rotated refresh
// token replayed on the other instance is detected as reuse and revokes the session everywhere, and the password
// guesses of one account are counted once across both (the limit is reached by guesses spread over the two, and
// then holds on each).
import { randomBytes, randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { openDatabase } from '@openmotion/common'
import { describeWithService, freePort, privateRedisAvailable, spawnMain, startPrivateRedis, timedFetch, type MainProcess, type PrivateRedis } from '@openmotion/test-services'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generatePemPair } from '../../src/domain/signing-keys.js'

const main = fileURLToPath(new URL('../../src/main.ts', import.meta.url))
const EMAIL = 'admin@two-instances.example'
const PASSWORD = 'two-instances-password-0123'
const GUESSES = 4

interface Answer { data?: Record<string, { refreshToken: string } | null> | null, errors?: Array<{ extensions?: { code?: string } }> }

async function graphql (base: string, query: string, variables: Record<string, unknown>): Promise<Answer> {
  const answer = await timedFetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) })
  return JSON.parse(answer.body) as Answer
}

const codeOf = (answer: Answer): string | undefined => answer.errors?.[0]?.extensions?.code
const signIn = async (base: string, password: string): Promise<Answer> =>
  await graphql(base, 'mutation ($email: String!, $password: String!) { signIn(email: $email, password: $password) { refreshToken } }', { email: EMAIL, password })
const refresh = async (base: string, token: string): Promise<Answer> =>
  await graphql(base, 'mutation ($token: String) { refreshToken(refreshToken: $token) { refreshToken } }', { token })

async function startInstance (env: Record<string, string>): Promise<{ base: string, process: MainProcess }> {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const process = spawnMain(main, { ...env, AUTH_PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' })
  for (let i = 0; (await timedFetch(`${base}/readyz`)).status !== 200; i++) {
    if (i > 600 || process.child.exitCode !== null) throw new Error(`auth-server never became ready:\n${process.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return { base, process }
}

describeWithService('postgres', (adminUrl) => {
  describe.runIf(privateRedisAvailable())('two auth-server instances on one database and one Redis', () => {
    const instances: MainProcess[] = []
    let redis: PrivateRedis | undefined
    let database = ''
    afterAll(async () => {
      for (const process of instances) {
        if (process.child.exitCode !== null) continue
        process.child.kill('SIGTERM')
        await process.exited()
      }
      await redis?.close()
      if (database !== '') {
        const admin = await openDatabase({ url: adminUrl })
        await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
        await admin.close()
      }
    })

    async function startBoth (): Promise<[string, string]> {
      redis = await startPrivateRedis()
      database = `auth_two_${randomUUID().replaceAll('-', '').slice(0, 16)}`
      const admin = await openDatabase({ url: adminUrl })
      await admin.query(`CREATE DATABASE ${database}`)
      await admin.close()
      const url = new URL(adminUrl)
      url.pathname = `/${database}`
      const keys = generatePemPair()
      const env = {
        NODE_ENV: 'production',
        DATABASE_URL: url.toString(),
        REDIS_URL: redis.url,
        PRIVATE_KEY: keys.privateKey,
        PUBLIC_KEY: keys.publicKey,
        MFA_ENCRYPTION_KEYS: randomBytes(32).toString('base64'),
        ADMIN_EMAIL: EMAIL,
        ADMIN_PASSWORD: PASSWORD,
        // A replaced token replayed at once is reuse, not a concurrent tab.
        REFRESH_GRACE_SECONDS: '0',
        SIGNIN_LIMIT_PER_ACCOUNT: String(GUESSES),
        BCRYPT_COST: '4'
      }
      // One after the other: the first migrates and creates the administrator, the second finds both done.
      const a = await startInstance(env)
      instances.push(a.process)
      const b = await startInstance(env)
      instances.push(b.process)
      return [a.base, b.base]
    }

    let a = ''
    let b = ''
    beforeAll(async () => { [a, b] = await startBoth() }, 240_000)

    it('a rotated refresh token replayed on the other instance is reuse and revokes the session on both', async () => {
      const first = (await signIn(a, PASSWORD)).data?.signIn?.refreshToken
      expect(first).toBeDefined()
      const second = (await refresh(b, first!)).data?.refreshToken?.refreshToken
      expect(second).toBeDefined()
      const replayed = await refresh(a, first!)
      expect(codeOf(replayed)).toBe('TOKEN_REUSED')
      // The whole session is gone, on the instance that rotated it too.
      const afterReuse = await refresh(b, second!)
      expect(afterReuse.data?.refreshToken ?? null).toBeNull()
      expect(codeOf(afterReuse)).toBeDefined()
    })

    it('password guesses of one account count once across both instances, and the limit then holds on each', async () => {
      // GUESSES wrong passwords spread over both instances reach the account's limit…
      for (let i = 0; i < GUESSES; i++) expect(codeOf(await signIn(i % 2 === 0 ? a : b, 'wrong-password-000'))).toBe('INVALID_CREDENTIALS')
      // …which then holds on each, even for the right password.
      expect(codeOf(await signIn(a, PASSWORD))).toBe('RATE_LIMITED')
      expect(codeOf(await signIn(b, PASSWORD))).toBe('RATE_LIMITED')
    })
  })
})
