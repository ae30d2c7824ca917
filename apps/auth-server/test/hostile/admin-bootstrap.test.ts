import { describe, expect, it } from 'vitest'
import { createLogMailer } from '../../src/app.js'
import { createMemoryDocumentStore } from '../../src/adapters/document-store.js'
import { appWith } from '../support/app-context.js'
import { SIGN_IN, SIGN_UP, codeIn, lastMailTo } from '../support/graphql-client.js'
import { createLogger } from '@openmotion/common'

const VERIFY = 'mutation ($email: String!, $code: String!) { verifyEmail(email: $email, code: $code) { email role emailVerified } }'

describe('ADMIN_EMAIL bootstrap', () => {
  it('does not make an unverified sign-up with ADMIN_EMAIL an admin, even across a restart; verifying the address does', async () => {
    const store = createMemoryDocumentStore()
    const mailer = createLogMailer(createLogger({ name: 'mail', level: 'silent' }), { production: false })
    const env = { ADMIN_EMAIL: 'boss@example.com' }
    const first = await appWith(env, { store, mailer })
    expect((await first.gql(SIGN_UP, { email: 'boss@example.com', password: 'attacker pass' })).body.data!.signUp).toBe(true)
    await first.app.close()

    const second = await appWith(env, { store, mailer })
    try {
      const session = (await second.gql(SIGN_IN, { email: 'boss@example.com', password: 'attacker pass' })).body.data!.signIn
      expect(session.user).toMatchObject({ role: 'user', emailVerified: false })
      const auth = { authorization: `Bearer ${session.accessToken}` }
      expect((await second.gql('{ invitations { id } }', {}, auth)).body.errors?.[0]?.extensions.code).toBe('FORBIDDEN')

      // The owner of the inbox verifies the address: only now is the role granted, and it is audited.
      const code = codeIn(lastMailTo(mailer.outbox, 'boss@example.com'))
      expect((await second.gql(VERIFY, { email: 'boss@example.com', code })).body.data!.verifyEmail).toEqual({
        email: 'boss@example.com',
        role: 'admin',
        emailVerified: true
      })
      const events = (await second.gql('{ auditEvents(filter: { type: "role_changed" }) { events { type detail } } }', {}, auth)).body.data!.auditEvents.events
      expect(events).toEqual([{ type: 'role_changed', detail: { from: 'user', to: 'admin', by: 'ADMIN_EMAIL' } }])
    } finally { await second.app.close() }
  })

  it('lets an admin grant and withdraw the admin role with setUserRole, and no one else', async () => {
    const ctx = await appWith({ ADMIN_EMAIL: 'root@example.com' })
    try {
      const invitation = lastMailTo(ctx.mailer.outbox, 'root@example.com')
      const token = new URL(/https?:\/\/\S+/.exec(invitation.text)![0]).searchParams.get('token')!
      const admin = (await ctx.gql('mutation ($t: String!) { acceptInvitation(token: $t) { accessToken } }', { t: token })).body.data!.acceptInvitation
      await ctx.gql(SIGN_UP, { email: 'second@example.com', password: 'correct horse' })
      const user = (await ctx.gql(SIGN_IN, { email: 'second@example.com', password: 'correct horse' })).body.data!.signIn
      const SET = 'mutation ($id: ID!, $role: String!) { setUserRole(id: $id, role: $role) { role } }'
      expect((await ctx.gql(SET, { id: user.user.id, role: 'admin' }, { authorization: `Bearer ${user.accessToken}` })).body.errors?.[0]?.extensions.code).toBe(
        'FORBIDDEN'
      )
      expect((await ctx.gql(SET, { id: user.user.id, role: 'admin' }, { authorization: `Bearer ${admin.accessToken}` })).body.data!.setUserRole.role).toBe(
        'admin'
      )
      expect((await ctx.gql('{ invitations { id } }', {}, { authorization: `Bearer ${user.accessToken}` })).body.data!.invitations).toBeInstanceOf(Array)
    } finally { await ctx.app.close() }
  })
})
