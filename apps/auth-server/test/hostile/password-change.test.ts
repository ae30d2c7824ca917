import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appWith, type AppContext } from '../support/app-context.js'
import { REFRESH, SIGN_IN, lastMailTo, register, uniqueEmail } from '../support/graphql-client.js'

describe('password change', () => {
  let ctx: AppContext
  beforeAll(async () => { ctx = await appWith({}) })
  afterAll(async () => { await ctx.app.close() })

  it('ends every other session, keeps the current one and mails the owner', async () => {
    const email = uniqueEmail()
    const laptop = (await register(ctx.gql, { email, password: 'correct horse', deviceName: 'laptop' })).payload
    const phone = (await ctx.gql(SIGN_IN, { email, password: 'correct horse', deviceName: 'phone' })).body.data!.signIn
    const auth = { authorization: `Bearer ${laptop.accessToken}` }
    expect(
      (await ctx.gql('mutation { changePassword(currentPassword: "correct horse", newPassword: "battery staple") }', {}, auth)).body.data!.changePassword
    ).toBe(true)
    expect((await ctx.gql(REFRESH, { t: phone.refreshToken })).body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED')
    expect((await ctx.gql('{ me { id } }', {}, { authorization: `Bearer ${phone.accessToken}` })).body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED')
    expect((await ctx.gql('{ sessions { deviceName current } }', {}, auth)).body.data!.sessions).toEqual([{ deviceName: 'laptop', current: true }])
    expect((await ctx.gql(REFRESH, { t: laptop.refreshToken })).body.data!.refreshToken.user.email).toBe(email)
    expect(lastMailTo(ctx.mailer.outbox, email).subject).toBe('Your password was changed')
  })
})
