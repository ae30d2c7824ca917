// Liveness says the process answers; readiness says every dependency it needs answers too, and turns false
// while draining on shutdown so a load balancer stops sending traffic before connections close.
import fp from 'fastify-plugin'
import { Type } from '@sinclair/typebox'

export type ReadinessCheck = () => Promise<void>
/** Describes a dependency's state in words ("ok", "connecting", …) without deciding readiness. */
export type ReadinessReport = () => Promise<string>

export interface Readiness {
  register (name: string, check: ReadinessCheck): void
  /** Adds `checks.<name>` to every answer, informational only: it never turns /readyz to 503. */
  report (name: string, describe: ReadinessReport): void
  /** Marks the instance as draining: /readyz answers 503 from now on. */
  drain (): void
  run (): Promise<{ ready: boolean, checks: Record<string, string> }>
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

export function createReadiness (): Readiness {
  const checks = new Map<string, ReadinessCheck>()
  const reports = new Map<string, ReadinessReport>()
  let draining = false
  return {
    register (name, check) { checks.set(name, check) },
    report (name, describe) { reports.set(name, describe) },
    drain () { draining = true },
    async run () {
      const results: Record<string, string> = {}
      if (draining) results.shutdown = 'draining'
      await Promise.all([...checks].map(async ([name, check]) => {
        try {
          await withTimeout(check)
          results[name] = 'ok'
        } catch (error) {
          results[name] = `failed: ${error instanceof Error ? error.message : String(error)}`
        }
      }))
      const ready = !draining && Object.values(results).every((r) => r === 'ok')
      await Promise.all([...reports].map(async ([name, describe]) => {
        results[name] = await withTimeout(describe).catch((error: unknown) => `unreachable: ${error instanceof Error ? error.message : String(error)}`)
      }))
      return { ready, checks: results }
    }
  }
}

const HealthBody = Type.Object({ status: Type.String() })
const ReadyBody = Type.Object({ status: Type.String(), checks: Type.Record(Type.String(), Type.String()) })

export const healthPlugin = fp(async (app) => {
  app.decorate('readiness', createReadiness())
  app.get('/healthz', { schema: { tags: ['health'], response: { 200: HealthBody } }, logLevel: 'warn' }, async () => ({ status: 'ok' }))
  app.get('/readyz', { schema: { tags: ['health'], response: { 200: ReadyBody, 503: ReadyBody } }, logLevel: 'warn' }, async (_request, reply) => {
    const { ready, checks } = await app.readiness.run()
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks })
  })
}, { name: 'openmotion-health' })
