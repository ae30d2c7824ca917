// Liveness says the process answers. Readiness follows one rule in every app: the process is ready when it can
// accept work and record it durably, which needs its durable stores only: the database, and where an app keeps
// files outside its own disk, their store (motion-api's S3 bucket). A dependency whose outage the process absorbs
// (a queue behind the outbox, shared rate-limit counters) keeps /readyz at 200 with status `degraded` naming it:
// taking every instance out of a load balancer because a shared broker restarts would refuse the work the outbox
// exists to hold. The database failing, the process still starting or draining on shutdown answers 503.
import fp from 'fastify-plugin'
import { Type, type Static } from '@sinclair/typebox'

/**
 * Probes one dependency: resolves (with nothing or `ok`) when it answers, resolves with a word such as
 * `connecting` when it is on its way, rejects when it fails.
 */
export type ReadinessCheck = () => Promise<string | undefined | void>

export const ReadinessStatusSchema = Type.Union([Type.Literal('ok'), Type.Literal('degraded'), Type.Literal('unavailable')])
/** The /readyz body in every app: `checks` maps each dependency to `ok`, a state word, or `failed: <reason>`. */
export const ReadinessAnswerSchema = Type.Object({
  status: ReadinessStatusSchema,
  checks: Type.Record(Type.String(), Type.String())
})
export type ReadinessAnswer = Static<typeof ReadinessAnswerSchema>

export interface Readiness {
  /** A dependency the process cannot accept work without (its database, its file store): anything but `ok` answers 503. */
  requires (name: string, check: ReadinessCheck): void
  /** A dependency whose outage the process absorbs: anything but `ok` answers 200 `degraded`. */
  absorbs (name: string, check: ReadinessCheck): void
  /** Marks the instance as draining: /readyz answers 503 from now on. */
  drain (): void
  run (): Promise<ReadinessAnswer>
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness
  }
}

const CHECK_TIMEOUT_MS = 2000

async function withTimeout<T> (check: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  try {
    return await Promise.race([
      check(),
      new Promise<never>((_resolve, reject) => { timer = setTimeout(() => reject(new Error(`timed out after ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS) })
    ])
  } finally {
    clearTimeout(timer)
  }
}

async function probe (check: ReadinessCheck): Promise<string> {
  try {
    return (await withTimeout(check)) ?? 'ok'
  } catch (error) {
    return `failed: ${error instanceof Error ? error.message : String(error)}`
  }
}

export function createReadiness (): Readiness {
  const dependencies = new Map<string, { check: ReadinessCheck, essential: boolean }>()
  let draining = false
  return {
    requires (name, check) { dependencies.set(name, { check, essential: true }) },
    absorbs (name, check) { dependencies.set(name, { check, essential: false }) },
    drain () { draining = true },
    async run () {
      const checks: Record<string, string> = {}
      let unavailable = draining
      let degraded = false
      if (draining) checks.shutdown = 'draining'
      await Promise.all([...dependencies].map(async ([name, { check, essential }]) => {
        const state = await probe(check)
        checks[name] = state
        if (state === 'ok') return
        if (essential) unavailable = true
        else degraded = true
      }))
      return { status: unavailable ? 'unavailable' : degraded ? 'degraded' : 'ok', checks }
    }
  }
}

const HealthBody = Type.Object({ status: Type.String() })

export const healthPlugin = fp(async (app) => {
  app.decorate('readiness', createReadiness())
  app.get('/healthz', { schema: { tags: ['health'], response: { 200: HealthBody } }, logLevel: 'warn' }, async () => ({ status: 'ok' }))
  app.get('/readyz', { schema: { tags: ['health'], response: { 200: ReadinessAnswerSchema, 503: ReadinessAnswerSchema } }, logLevel: 'warn' }, async (_request, reply) => {
    const answer = await app.readiness.run()
    return reply.status(answer.status === 'unavailable' ? 503 : 200).send(answer)
  })
}, { name: 'openmotion-health' })
