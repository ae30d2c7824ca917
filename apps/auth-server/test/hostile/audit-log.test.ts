import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appWith, type AppContext } from '../support/app-context.js'
import { REFRESH, SIGN_IN, register, tokenIn, lastMailTo, uniqueEmail } from '../support/graphql-client.js'

const EVENTS =
  'query ($f: AuditEventFilter, $first: Int, $after: String) { auditEvents(filter: $f, first: $first, after: $after) { events { id type userId sessionId ip userAgent detail } endCursor hasNextPage } }'

describe('audit log', () => {
  let ctx: AppContext
  let admin: { authorization: string }
  beforeAll(async () => {
    ctx = await appWith({ ADMIN_EMAIL: 'audit-admin@example.com', SIGNIN_LIMIT_PER_ACCOUNT: '2' })
    const token = tokenIn(lastMailTo(ctx.mailer.outbox, 'audit-admin@example.com'))
    const accepted = (await ctx.gql('mutation ($t: String!) { acceptInvitation(token: $t) { accessToken } }', { t: token })).body.data!.acceptInvitation
    admin = { authorization: `Bearer ${accepted.accessToken}` }
  })
  afterAll(async () => { await ctx.app.close() })

  it('stores, logs and counts sign-in failures, successes, rate limits, reuse and revocations; only admins read them', async () => {
    const email = uniqueEmail()
    const { payload } = await register(ctx.gql, { email, password: 'correct horse' })
    const userId = payload.user.id as string
    await ctx.gql(SIGN_IN, { email, password: 'wrong horse' }, { 'user-agent': 'hostile/1.0' })
    await ctx.gql(SIGN_IN, { email, password: 'wrong horse' })
    expect((await ctx.gql(SIGN_IN, { email, password: 'wrong horse' })).body.errors?.[0]?.extensions.code).toBe('RATE_LIMITED')
    const second = (await ctx.gql(REFRESH, { t: payload.refreshToken })).body.data!.refreshToken
    await ctx.gql(REFRESH, { t: second.refreshToken })
    await ctx.gql(REFRESH, { t: payload.refreshToken })

    const page = (await ctx.gql(EVENTS, { f: { userId } }, admin)).body.data!.auditEvents
    expect(page.events.map((e: { type: string }) => e.type).reverse()).toEqual([
      'signed_up', 'sign_in_succeeded', 'sign_in_failed', 'sign_in_failed', 'session_revoked', 'refresh_reused'
    ])
    const failed = page.events.find((e: { type: string, userAgent: string }) => e.type === 'sign_in_failed' && e.userAgent === 'hostile/1.0')
    expect(failed).toMatchObject({ ip: '127.0.0.1', detail: { reason: 'wrong_password', operation: 'signIn' } })
    expect(page.events.find((e: { type: string }) => e.type === 'session_revoked')).toMatchObject({
      sessionId: payload.session.id,
      detail: { reason: 'refresh_reused' }
    })
    const limited = (await ctx.gql(EVENTS, { f: { type: 'rate_limited' } }, admin)).body.data!.auditEvents.events
    expect(limited[0].detail).toMatchObject({ operation: 'signIn' })

    expect(ctx.lines.filter((l) => l.msg === 'audit sign_in_failed' && (l.audit as { userId: string }).userId === userId)).toHaveLength(2)
    expect((await ctx.app.inject('/metrics')).body).toMatch(/auth_audit_events_total\{[^}]*type="refresh_reused"[^}]*\} [1-9]/)
    expect((await ctx.gql(EVENTS, {}, { authorization: `Bearer ${second.accessToken}` })).body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED')
    expect((await ctx.gql(EVENTS, {})).body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED')
    const user = (await register(ctx.gql, { email: uniqueEmail(), password: 'correct horse' })).payload
    expect((await ctx.gql(EVENTS, {}, { authorization: `Bearer ${user.accessToken}` })).body.errors?.[0]?.extensions.code).toBe('FORBIDDEN')
  })

  it('pages newest first with first/after and rejects an unknown type or page size', async () => {
    const one = (await ctx.gql(EVENTS, { first: 1 }, admin)).body.data!.auditEvents
    const two = (await ctx.gql(EVENTS, { first: 1, after: one.endCursor }, admin)).body.data!.auditEvents
    expect(one.hasNextPage).toBe(true)
    expect(two.events[0].id < one.events[0].id).toBe(true)
    expect((await ctx.gql(EVENTS, { f: { type: 'nope' } }, admin)).body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')
    expect((await ctx.gql(EVENTS, { first: 500 }, admin)).body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'first' })
  })
})
