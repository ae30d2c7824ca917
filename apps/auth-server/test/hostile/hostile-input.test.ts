import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '@openmotion/common'
import { appWith, type AppContext } from '../support/app-context.js'
import { SIGN_IN, SIGN_UP, register, uniqueEmail } from '../support/graphql-client.js'

// On the SQL store, where a NUL used to reach PostgreSQL/PGlite and come back as INTERNAL.
describe('hostile input', () => {
  let ctx: AppContext
  beforeAll(async () => {
    ctx = await appWith({ DOCUMENT_STORE: 'sql', BODY_LIMIT: '8192', GRAPHQL_MAX_DEPTH: '5', GRAPHQL_MAX_ALIASES: '5' }, { database: await openDatabase({}) })
  })
  afterAll(async () => { await ctx.app.close() })

  const errorOf = async (query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    (await ctx.gql(query, variables, headers)).body.errors?.[0]

  it('answers a NUL character in any argument with BAD_USER_INPUT naming it, never INTERNAL', async () => {
    expect((await errorOf(SIGN_UP, { email: 'nul\u0000@example.com', password: 'correct horse' }))?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'email'
    })
    expect((await errorOf(SIGN_IN, { email: 'nul\u0000@example.com', password: 'correct horse' }))?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'email'
    })
    expect((await errorOf('mutation { requestPasswordReset(email: "a\\u0000@b.io") }'))?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'email' })
    const { payload } = await register(ctx.gql, { email: uniqueEmail(), password: 'correct horse' })
    const auth = { authorization: `Bearer ${payload.accessToken}` }
    expect((await errorOf('mutation ($m: JSON!) { updateProfile(metadata: $m) { id } }', { m: { name: 'a\u0000b' } }, auth))?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'metadata'
    })
    expect((await errorOf('mutation ($id: ID!) { revokeSession(id: $id) }', { id: '\u0000' }, auth))?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'id'
    })
  })

  it('refuses lone surrogates and over-long arguments', async () => {
    expect((await errorOf(SIGN_IN, { email: 'a@b.io', password: 'pass\uD800word', deviceName: null }))?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'password'
    })
    expect((await errorOf(SIGN_IN, { email: `${'a'.repeat(320)}@b.io`, password: 'correct horse' }))?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'email'
    })
    expect((await errorOf(SIGN_IN, { email: 'a@b.io', password: 'correct horse', deviceName: 'd'.repeat(1025) }))?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'deviceName'
    })
    expect((await errorOf('mutation ($t: String) { refreshToken(refreshToken: $t) { accessToken } }', { t: 'x'.repeat(513) }))?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'refreshToken'
    })
  })

  it('answers a refresh cookie carrying NUL (not an argument, so not guarded) with UNAUTHENTICATED, never INTERNAL', async () => {
    const REFRESH_BY_COOKIE = 'mutation { refreshToken { accessToken } }'
    expect((await errorOf(REFRESH_BY_COOKIE, {}, { cookie: `refresh_token=%00.${'a'.repeat(43)}` }))?.extensions.code).toBe('UNAUTHENTICATED')
    expect((await errorOf(REFRESH_BY_COOKIE, {}, { cookie: `refresh_token=${'a'.repeat(36)}.%00` }))?.extensions.code).toBe('UNAUTHENTICATED')
  })

  it('answers a huge body with 413, a batch or malformed JSON with 400, and deep or aliased documents with BAD_USER_INPUT', async () => {
    const huge = await ctx.app.inject({ method: 'POST', url: '/graphql', payload: { query: `{ me { id } } # ${'x'.repeat(10_000)}` } })
    expect(huge.statusCode).toBe(413)
    expect(JSON.stringify(huge.json())).toMatch(/PAYLOAD_TOO_LARGE/)
    const batch = await ctx.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: [{ query: SIGN_IN, variables: { email: 'a@b.io', password: 'x' } }, { query: SIGN_IN }]
    })
    expect(batch.statusCode).toBe(400)
    expect(JSON.stringify(batch.json())).not.toMatch(/INTERNAL/)
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: '{"query": "{ me { id } }"'
    })
    expect(malformed.statusCode).toBe(400)
    expect(JSON.stringify(malformed.json())).not.toMatch(/INTERNAL/)
    const deep = await ctx.gql('{ __schema { types { fields { type { ofType { ofType { name } } } } } } }')
    expect(deep.response.statusCode).toBe(400)
    expect(deep.body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')
    const aliased = await ctx.gql(
      `mutation { ${Array.from({ length: 6 }, (_, i) => `a${i}: signIn(email: "a@b.io", password: "p") { accessToken }`).join(' ')} }`
    )
    expect(aliased.body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')
    const fragments = await ctx.gql(`query { ...F } fragment F on Query { ${Array.from({ length: 6 }, (_, i) => `m${i}: me { id }`).join(' ')} }`)
    expect(fragments.body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')
  })

  it('answers a request body of the wrong types with 400 BAD_USER_INPUT instead of coercing it into an INTERNAL error', async () => {
    for (const payload of ['{"query":5}', '{"query":true}', '{"query":"{ me { id } }","operationName":false}', '{"query":"{ me { id } }","variables":"x"}']) {
      const response = await ctx.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload })
      expect(response.statusCode, payload).toBe(400)
      expect(response.json().errors[0].extensions.code, payload).toBe('BAD_USER_INPUT')
    }
  })
})
