// The first administrator: ADMIN_EMAIL names them. An existing account is promoted; otherwise a pending admin
// invitation is created (and mailed) unless one is already pending, so restarts do not send a mail each time.
import type { AuthService } from './auth-service.js'
import { invitationStatus, type Invitations } from './invitations.js'

export type BootstrapOutcome = 'promoted' | 'already-admin' | 'invited' | 'invitation-pending'

export async function bootstrapAdmin (email: string, auth: AuthService, invitations: Invitations): Promise<{ outcome: BootstrapOutcome, token?: string }> {
  const user = await auth.userByEmail(email)
  if (user !== undefined) {
    if (user.role === 'admin') return { outcome: 'already-admin' }
    await auth.saveUser({ ...user, role: 'admin' })
    return { outcome: 'promoted' }
  }
  const normalized = email.trim().toLowerCase()
  const pending = (await invitations.list()).some((i) => i.email === normalized && i.role === 'admin' && invitationStatus(i) === 'pending')
  if (pending) return { outcome: 'invitation-pending' }
  const { token } = await invitations.invite(normalized, 'admin', {}, null)
  return { outcome: 'invited', token }
}
