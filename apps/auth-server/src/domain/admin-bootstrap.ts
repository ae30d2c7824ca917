// The first administrator: ADMIN_EMAIL names them, but naming an address proves nothing, so the role is granted
// only to a *verified* account with that address: at start-up if it is verified already, otherwise at the moment
// it is verified (verifyEmail, or resetPassword, which proves the inbox). With no account, an admin invitation is
// mailed (accepting it proves the inbox too). Later admins come from an admin: inviteUser(role: admin), setUserRole.
// With ADMIN_PASSWORD too (docker compose's init writes a random one only the operator can read), the account is
// created at start-up already verified and admin: whoever holds the deployment's secrets is its first operator.
import { randomUUID } from 'node:crypto'
import type { AuthService } from './auth-service.js'
import { invitationStatus, type Invitations } from './invitations.js'
import type { ClientInfo, User } from './records.js'

export type BootstrapOutcome = 'created' | 'promoted' | 'already-admin' | 'awaiting-verification' | 'invited' | 'invitation-pending'

export class AdminBootstrap {
  private readonly email: string | null

  constructor (
    email: string | undefined,
    private readonly auth: AuthService,
    private readonly initial?: { password: string, hash: (password: string) => Promise<string> }
  ) {
    this.email = email === undefined || email.trim() === '' ? null : email.trim().toLowerCase()
  }

  async atStartup (invitations: Invitations): Promise<{ outcome: BootstrapOutcome | 'disabled', token?: string }> {
    if (this.email === null) return { outcome: 'disabled' }
    const user = await this.auth.userByEmail(this.email)
    if (user !== undefined) {
      if (user.role === 'admin') return { outcome: 'already-admin' }
      if (!user.emailVerified) return { outcome: 'awaiting-verification' }
      await this.promoteIfAdmin(user, null)
      return { outcome: 'promoted' }
    }
    if (this.initial !== undefined) return await this.create(this.email, this.initial)
    const pending = (await invitations.list()).some((i) => i.email === this.email && i.role === 'admin' && invitationStatus(i) === 'pending')
    if (pending) return { outcome: 'invitation-pending' }
    const { token } = await invitations.invite(this.email, 'admin', {}, null)
    return { outcome: 'invited', token }
  }

  private async create (email: string, initial: { password: string, hash: (password: string) => Promise<string> }): Promise<{ outcome: BootstrapOutcome }> {
    const user: User = {
      id: randomUUID(),
      email,
      passwordHash: await initial.hash(initial.password),
      emailVerified: true,
      role: 'user',
      metadata: {},
      createdAt: new Date().toISOString()
    }
    // Another instance starting at the same moment may have created it: then it is theirs to promote, and is.
    if (!(await this.auth.createUser(user))) return { outcome: 'already-admin' }
    await this.auth.setRole(user.id, 'admin', { by: 'ADMIN_PASSWORD', client: null })
    return { outcome: 'created' }
  }

  /** Grants admin to the ADMIN_EMAIL account once verified; any other user is returned unchanged. */
  async promoteIfAdmin (user: User, client: ClientInfo | null): Promise<User> {
    if (this.email === null || user.email !== this.email || !user.emailVerified || user.role === 'admin') return user
    return this.auth.setRole(user.id, 'admin', { by: 'ADMIN_EMAIL', client })
  }
}
