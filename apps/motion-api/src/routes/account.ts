import { Type, errorResponses, textProblem, type AppInstance } from '@openmotion/common'
import type { MotionConfig } from '../config.js'
import { errors } from '../errors.js'
import { SESSION_COOKIE, currentClient, type SessionGuard } from '../session.js'
import type { AccountRepository, Ledger } from '../domain/ports.js'

const CreditBalance = Type.Object({
  credits: Type.Integer(),
  subscription: Type.Object({
    name: Type.String(),
    credits: Type.Integer(),
    featureLimits: Type.Object({ maxVariantsGeneration: Type.Integer() }),
    currentPeriod: Type.Object({ start: Type.Integer({ description: 'ms since epoch' }), end: Type.Integer({ description: 'ms since epoch' }) })
  })
})

// Far longer than any client id or secret the API issues; the id is looked up as text, so it is held to what a
// store can hold like every other input (base64 hides a NUL from the header check).
const MAX_CLIENT_ID = 256
const MAX_CLIENT_SECRET = 1024

function basicCredentials (header: string | undefined): { id: string, secret: string } | undefined {
  if (header === undefined || !/^basic /i.test(header)) return undefined
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon <= 0) return undefined
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) }
}

function usable (credentials: { id: string, secret: string }): boolean {
  return textProblem(credentials.id, MAX_CLIENT_ID) === undefined && textProblem(credentials.secret, MAX_CLIENT_SECRET) === undefined
}

export interface AccountRouteDeps { accounts: AccountRepository, ledger: Ledger, config: MotionConfig, crossOrigin: boolean, requireSession: SessionGuard }

export function accountRoutes (deps: AccountRouteDeps) {
  return async (app: AppInstance) => {
    app.get(
      '/account/v1/auth',
      {
        schema: {
          tags: ['account'],
          summary: 'Open a session: Basic client_id:client_secret → dmsess cookie',
          response: { 200: Type.Object({ result: Type.Boolean() }), ...errorResponses(401) }
        }
      },
      async (request, reply) => {
        const credentials = basicCredentials(request.headers.authorization)
        if (credentials === undefined) throw errors.INVALID_CREDENTIALS('Send Authorization: Basic base64(client_id:client_secret)')
        if (!usable(credentials)) throw errors.INVALID_CREDENTIALS()
        const client = await deps.accounts.verifyCredentials(credentials.id, credentials.secret)
        if (client === undefined) throw errors.INVALID_CREDENTIALS()
        const session = await deps.accounts.createSession(client.id, deps.config.SESSION_TTL)
        const production = deps.config.NODE_ENV === 'production'
        reply.setCookie(SESSION_COOKIE, session.token, {
          path: '/',
          expires: session.expiresAt,
          httpOnly: true,
          secure: production || deps.crossOrigin,
          sameSite: deps.crossOrigin ? 'none' : 'lax',
          ...(deps.config.COOKIE_DOMAIN === undefined ? {} : { domain: deps.config.COOKIE_DOMAIN })
        })
        return { result: true }
      }
    )

    app.get(
      '/account/v1/creditBalance',
      { preHandler: deps.requireSession, schema: { tags: ['account'], response: { 200: CreditBalance, ...errorResponses(401) } } },
      async (request) => {
        const client = currentClient(request)
        const credits = await deps.ledger.currentBalance(client.id)
        const fresh = await deps.accounts.getClient(client.id)
        const plan = await deps.accounts.getPlan(client.plan)
        if (fresh === undefined || plan === undefined) throw errors.UNAUTHENTICATED()
        return {
          credits,
          subscription: {
            name: plan.name,
            credits: plan.credits,
            featureLimits: { maxVariantsGeneration: plan.maxVariants },
            currentPeriod: { start: fresh.periodStart.getTime(), end: fresh.periodEnd.getTime() }
          }
        }
      }
    )
  }
}
