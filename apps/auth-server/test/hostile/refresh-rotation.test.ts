import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { openDatabase } from '@openmotion/common'
import { appWith, type AppContext } from '../support/app-context.js'
import { REFRESH, register, uniqueEmail } from '../support/graphql-client.js'

afterEach(() => { vi.useRealTimers() })

for (const backend of ['memory', 'PGlite'] as const) {
  describe(`refresh rotation with a grace window (${backend} store)`, () => {
    let ctx: AppContext
    beforeAll(async () => {
      ctx = backend === 'memory'
        ? await appWith({ REFRESH_GRACE_SECONDS: '10' })
        : await appWith({ REFRESH_GRACE_SECONDS: '10', DOCUMENT_STORE: 'sql' }, { database: await openDatabase({}) })
    })
    afterAll(async () => { await ctx.app.close() })

    it('keeps the user signed in through 10 concurrent refreshes of one token, all answered with the same successor', async () => {
      const { payload } = await register(ctx.gql, { email: uniqueEmail(), password: 'correct horse' })
      const answers = await Promise.all(Array.from({ length: 10 }, () => ctx.gql(REFRESH, { t: payload.refreshToken })))
      const tokens = answers.map((a) => a.body.data?.refreshToken?.refreshToken as string | undefined)
      console.info(
        `${backend}: 10 concurrent refreshes → ${tokens.filter((t) => t !== undefined).length} token pairs, ${new Set(tokens).size} distinct refresh token(s)`
      )
      expect(answers.map((a) => a.body.errors?.[0]?.extensions.code)).toEqual(Array(10).fill(undefined))
      expect(new Set(tokens).size).toBe(1)
      const next = (await ctx.gql(REFRESH, { t: tokens[0] })).body.data!.refreshToken
      expect((await ctx.gql('{ me { email } }', {}, { authorization: `Bearer ${next.accessToken}` })).body.data!.me.email).toBe(payload.user.email)
    })

    it('refuses a replay 30 s later with TOKEN_REUSED and kills the whole session family', async () => {
      const { payload } = await register(ctx.gql, { email: uniqueEmail(), password: 'correct horse' })
      const successor = (await ctx.gql(REFRESH, { t: payload.refreshToken })).body.data!.refreshToken
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(Date.now() + 30_000)
      expect((await ctx.gql(REFRESH, { t: payload.refreshToken })).body.errors?.[0]?.extensions.code).toBe('TOKEN_REUSED')
      expect((await ctx.gql(REFRESH, { t: successor.refreshToken })).body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED')
      expect((await ctx.gql('{ me { id } }', {}, { authorization: `Bearer ${successor.accessToken}` })).body.errors?.[0]?.extensions.code).toBe(
        'UNAUTHENTICATED'
      )
    })
  })
}
