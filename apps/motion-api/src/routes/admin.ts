// Operator API: plans, clients, secrets, credits, CORS origins. Bearer ADMIN_API_KEY or an auth-server admin token
// (AUTH_JWKS_URL); off when neither is configured.
import { Type, errorResponses, randomToken, type AdminGuard, type AppInstance } from '@openmotion/common'
import { errors } from '../errors.js'
import type { AccountRepository, Ledger } from '../domain/ports.js'
import type { Client } from '../domain/records.js'

// Operator answers are plain JSON objects; every admin route can meet the token check (401/403) and bad input.
const ADMIN_RESPONSES = {
  200: Type.Object({}, { additionalProperties: true }),
  201: Type.Object({}, { additionalProperties: true }),
  ...errorResponses(400, 401, 403, 404, 409)
}
const PlanBody = Type.Object({
  name: Type.String({ pattern: '^[\\w.-]{1,64}$' }),
  credits: Type.Integer({ minimum: 0 }),
  maxVariants: Type.Integer({ minimum: 1, maximum: 16 }),
  periodDays: Type.Integer({ minimum: 1, maximum: 3660 })
})
const Origins = Type.Array(Type.String({ pattern: '^https?://[^/\\s]+$' }), { maxItems: 50 })

function view (client: Client, balance: number) {
  return {
    id: client.id,
    plan: client.plan,
    disabled: client.disabled,
    corsOrigins: client.corsOrigins,
    credits: balance,
    currentPeriod: { start: client.periodStart.getTime(), end: client.periodEnd.getTime() }
  }
}

export function adminRoutes (deps: { accounts: AccountRepository, ledger: Ledger, admin: AdminGuard }) {
  return async (app: AppInstance) => {
    app.addHook('onRequest', async (request) => {
      const check = await deps.admin.check(request.headers.authorization)
      if (!check.ok) throw check.reason === 'disabled' ? errors.ADMIN_DISABLED() : errors.ADMIN_UNAUTHORIZED()
    })
    const clientOr404 = async (id: string) => {
      const client = await deps.accounts.getClient(id)
      if (client === undefined) throw errors.CLIENT_NOT_FOUND(`Unknown client ${id}`)
      return client
    }

    app.put(
      '/admin/v1/plans/:name',
      { schema: { tags: ['admin'], params: Type.Object({ name: Type.String() }), body: Type.Omit(PlanBody, ['name']), response: ADMIN_RESPONSES } },
      async (request) => deps.accounts.upsertPlan({ name: request.params.name, ...request.body })
    )
    app.get('/admin/v1/plans', { schema: { tags: ['admin'], response: ADMIN_RESPONSES } }, async () => ({ plans: await deps.accounts.listPlans() }))

    app.post(
      '/admin/v1/clients',
      {
        schema: {
          tags: ['admin'],
          body: Type.Object({ id: Type.Optional(Type.String({ pattern: '^[\\w.-]{3,64}$' })), plan: Type.String(), corsOrigins: Type.Optional(Origins) }),
          response: ADMIN_RESPONSES
        }
      },
      async (request, reply) => {
        const plan = await deps.accounts.getPlan(request.body.plan)
        if (plan === undefined) throw errors.PLAN_NOT_FOUND(`Unknown plan ${request.body.plan}`)
        const id = request.body.id ?? `client_${randomToken(9)}`
        if ((await deps.accounts.getClient(id)) !== undefined) throw errors.CONFLICT(`Client ${id} already exists`)
        const secret = randomToken()
        const client = await deps.accounts.createClient({ id, secret, plan, corsOrigins: request.body.corsOrigins })
        return reply.status(201).send({ ...view(client, plan.credits), clientSecret: secret })
      }
    )
    app.get('/admin/v1/clients', { schema: { tags: ['admin'], response: ADMIN_RESPONSES } }, async () => {
      const clients = await deps.accounts.listClients()
      return { clients: await Promise.all(clients.map(async (c) => view(c, await deps.ledger.balance(c.id)))) }
    })
    app.patch(
      '/admin/v1/clients/:id',
      {
        schema: {
          tags: ['admin'],
          params: Type.Object({ id: Type.String() }),
          body: Type.Object({ disabled: Type.Optional(Type.Boolean()), plan: Type.Optional(Type.String()), corsOrigins: Type.Optional(Origins) }),
          response: ADMIN_RESPONSES
        }
      },
      async (request) => {
        await clientOr404(request.params.id)
        if (request.body.plan !== undefined && (await deps.accounts.getPlan(request.body.plan)) === undefined) throw errors.PLAN_NOT_FOUND()
        const client = await deps.accounts.updateClient(request.params.id, request.body)
        return view(client!, await deps.ledger.balance(request.params.id))
      }
    )
    app.post(
      '/admin/v1/clients/:id/secret',
      { schema: { tags: ['admin'], params: Type.Object({ id: Type.String() }), response: ADMIN_RESPONSES } },
      async (request) => {
        await clientOr404(request.params.id)
        const secret = randomToken()
        await deps.accounts.updateClient(request.params.id, { secret })
        return { id: request.params.id, clientSecret: secret }
      }
    )
    app.post(
      '/admin/v1/clients/:id/credits',
      {
        schema: {
          tags: ['admin'],
          params: Type.Object({ id: Type.String() }),
          body: Type.Object({
            add: Type.Optional(Type.Integer()),
            set: Type.Optional(Type.Integer({ minimum: 0 })),
            note: Type.Optional(Type.String({ maxLength: 200 }))
          }),
          response: ADMIN_RESPONSES
        }
      },
      async (request) => {
        await clientOr404(request.params.id)
        if ((request.body.add === undefined) === (request.body.set === undefined)) { throw errors.INVALID_PARAMETER('Give exactly one of add or set', { parameter: 'add' }) }
        const credits = await deps.ledger.adjust(request.params.id, request.body, request.body.note ?? 'admin')
        return { id: request.params.id, credits }
      }
    )
    app.get(
      '/admin/v1/clients/:id/ledger',
      {
        schema: {
          tags: ['admin'],
          params: Type.Object({ id: Type.String() }),
          // One job's rows (its hold, charges and refunds), however far back: the last 100 rows of a busy client
          // may hold only part of them.
          querystring: Type.Object({ rid: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) }),
          response: ADMIN_RESPONSES
        }
      },
      async (request) => {
        await clientOr404(request.params.id)
        return { entries: await deps.ledger.entries(request.params.id, { rid: request.query.rid }) }
      }
    )
  }
}
