// The auth-server's fault drills share this: the real process (src/main.ts) with its first administrator created at
// start-up, a load of signIn and refreshToken mutations over HTTP, and the check afterwards that every session the
// load opened still refreshes (no session lost; a rotation the outage cut short is taken up again by its token).
import { fileURLToPath } from 'node:url'
import { freePort, runFaultDrill, spawnMain, timedFetch, uncleanOutcomes, type Answer, type Fault, type FaultDrillResult, type MainProcess } from '@openmotion/test-services'
import { expect } from 'vitest'
import { errors } from '../../src/errors.js'

const main = fileURLToPath(new URL('../../src/main.ts', import.meta.url))
const EMAIL = 'admin@fault-drill.example'
const PASSWORD = 'fault-drill-password-0123'
const PAYLOAD = 'accessToken refreshToken session { id }'

export interface AuthDrill {
  base: string
  process: MainProcess
  /** `readiness`: what /readyz says during the outage (`unavailable` 503 for the database, `degraded` 200 for Redis). */
  run: (fault: Fault, label: string, readiness: 'unavailable' | 'degraded') => Promise<FaultDrillResult & { sessions: number }>
  stop: () => Promise<void>
}

interface Payload { refreshToken: string, session: { id: string } }

async function graphql (base: string, query: string, variables: Record<string, unknown>): Promise<Answer> {
  return await timedFetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) })
}

/** The payload of a successful mutation, or undefined. */
function payloadOf (answer: Answer, field: string): Payload | undefined {
  if (answer.status !== 200) return undefined
  const body = JSON.parse(answer.body) as { data?: Record<string, Payload | null> | null, errors?: unknown[] }
  return body.errors === undefined ? body.data?.[field] ?? undefined : undefined
}

const signIn = async (base: string): Promise<Answer> =>
  await graphql(base, `mutation ($email: String!, $password: String!) { signIn(email: $email, password: $password) { ${PAYLOAD} } }`, { email: EMAIL, password: PASSWORD })
const refresh = async (base: string, token: string): Promise<Answer> =>
  await graphql(base, `mutation ($token: String) { refreshToken(refreshToken: $token) { ${PAYLOAD} } }`, { token })

/** /readyz 200 with status `ok`: ready, and no dependency degraded. */
const fullyReady = (answer: Answer): boolean => answer.status === 200 && /"status":"ok"/.test(answer.body)

export async function startAuthDrill (env: Record<string, string>): Promise<AuthDrill> {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const process = spawnMain(main, {
    AUTH_PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: EMAIL,
    ADMIN_PASSWORD: PASSWORD,
    // The load signs in many times a second from one address: only the outage may refuse it.
    SIGNIN_LIMIT_PER_ACCOUNT: '100000',
    SIGNIN_LIMIT_PER_IP: '100000',
    ...env
  })
  for (let i = 0; (await timedFetch(`${base}/readyz`)).status !== 200; i++) {
    if (i > 600 || process.child.exitCode !== null) throw new Error(`auth-server never became ready:\n${process.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    base,
    process,
    async run (fault, label, readiness) {
      // Session id → its latest refresh token.
      const sessions = new Map<string, string>()
      let turn = 0
      const result = await runFaultDrill({
        readyUrl: `${base}/readyz`,
        isReady: fullyReady,
        fault,
        load: async (record) => {
          const opened = await signIn(base)
          record('signIn', opened)
          const session = payloadOf(opened, 'signIn')
          if (session !== undefined) sessions.set(session.session.id, session.refreshToken)
          const ids = [...sessions.keys()]
          const id = ids[turn++ % Math.max(ids.length, 1)]
          if (id === undefined) return
          const rotated = await refresh(base, sessions.get(id)!)
          record('refreshToken', rotated)
          const next = payloadOf(rotated, 'refreshToken')
          if (next !== undefined) sessions.set(id, next.refreshToken)
        }
      })
      // Every session opened still refreshes with the last token its client holds.
      const lost: string[] = []
      for (const [id, token] of sessions) {
        if (payloadOf(await refresh(base, token), 'refreshToken') === undefined) lost.push(id)
      }
      const during = result.outcomes.filter((o) => o.phase === 'outage')
      console.log(`auth-server, ${label}: /readyz ${result.recoveryMs === undefined ? 'not back' : `back ${result.recoveryMs} ms`} after the service answered ` +
        `(restart ${result.restartMs} ms); ${during.length} requests during the outage, ${during.filter((o) => o.status === 503).length} answered 503; ` +
        `${sessions.size} sessions, ${lost.length} lost`)

      if (readiness === 'unavailable') expect(result.outageReadiness).toContain(503)
      else expect(result.outageReadiness).toEqual(result.outageReadiness.map(() => 200))
      expect(result.outageReady).toContain(false)
      expect(result.recoveryMs).toBeDefined()
      expect(uncleanOutcomes(result.outcomes, [200], errors.SERVICE_UNAVAILABLE.code)).toEqual([])
      // A 200 must be a success: GraphQL puts a resolver's failure in `errors` with status 200.
      expect(result.outcomes.filter((o) => o.status === 200 && o.body.includes('"errors"')).map((o) => `${o.route} ${o.phase}: ${o.body.slice(0, 300)}`)).toEqual([])
      expect(during.filter((o) => o.status === 503).length).toBeGreaterThan(0)
      expect(result.outcomes.filter((o) => o.phase === 'after' && o.status === 200).length).toBeGreaterThan(0)
      expect(lost).toEqual([])
      expect(process.child.exitCode).toBeNull()
      return { ...result, sessions: sessions.size }
    },
    async stop () {
      if (process.child.exitCode !== null) return
      process.child.kill('SIGTERM')
      await process.exited()
    }
  }
}
