// Outside identities linked to accounts. An identity's id is derived from (provider, subject), so inserting it is
// the uniqueness check: one outside identity opens one account. Linking to an existing account happens only from a
// signed-in session of that account (linkProvider) and only for an identity whose e-mail the provider verified, never
// because an e-mail matches: silent linking would hand the account to whoever controls a provider asserting it.
import { createHash } from 'node:crypto'
import { authError } from '../errors.js'
import type { AuditSink } from './audit-log.js'
import type { AuthService } from './auth-service.js'
import type { DocumentStore, ProviderProfile } from './ports.js'
import { PROVIDER_COLLECTIONS, type Identity } from './provider-records.js'
import type { ClientInfo, User } from './records.js'

export const identityId = (provider: string, subject: string) => createHash('sha256').update(`${provider}\u0000${subject}`).digest('hex')

export interface IdentityDeps {
  store: DocumentStore
  auth: AuthService
  audit: AuditSink
  /** The account's passkeys: a passkey alone also signs in, so it counts as a way in when unlinking. */
  passkeys: { list: (userId: string) => Promise<readonly unknown[]> }
}

export class Identities {
  constructor (private readonly deps: IdentityDeps) {}

  async find (provider: string, subject: string): Promise<Identity | undefined> {
    return await this.deps.store.get<Identity>(PROVIDER_COLLECTIONS.identities, identityId(provider, subject))
  }

  async list (userId: string): Promise<Identity[]> {
    return (await this.deps.store.findBy<Identity>(PROVIDER_COLLECTIONS.identities, 'userId', userId))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
  }

  async touch (identity: Identity, profile: ProviderProfile): Promise<void> {
    await this.deps.store.put(PROVIDER_COLLECTIONS.identities, { ...identity, email: profile.email, lastUsedAt: new Date().toISOString() })
  }

  /** Records a new identity of `user`; false when that outside identity is linked already (to anyone). */
  async add (user: User, provider: string, profile: ProviderProfile, client: ClientInfo | null, by: string): Promise<boolean> {
    const now = new Date().toISOString()
    const identity: Identity = {
      id: identityId(provider, profile.subject), userId: user.id, provider, subject: profile.subject, email: profile.email, createdAt: now, lastUsedAt: now
    }
    if (!await this.deps.store.insert(PROVIDER_COLLECTIONS.identities, identity)) return false
    await this.deps.audit.record('identity_linked', { userId: user.id, client }, { provider, identityId: identity.id, email: profile.email, by })
    return true
  }

  /** Links an identity to the signed-in account that asked for it (linkProvider), after the provider's callback. */
  async link (user: User, provider: string, profile: ProviderProfile, client: ClientInfo | null): Promise<void> {
    if (profile.email === null || !profile.emailVerified) {
      throw authError('EMAIL_NOT_VERIFIED', 'the provider does not vouch for an e-mail address of this identity; it cannot be linked')
    }
    const existing = await this.find(provider, profile.subject)
    if (existing?.userId === user.id) return
    if (existing !== undefined) throw authError('ACCOUNT_EXISTS', 'this identity already signs in to another account')
    if ((await this.list(user.id)).some((i) => i.provider === provider)) {
      throw authError('BAD_USER_INPUT', `the account is linked to another ${provider} identity; unlink it first`, { field: 'provider' })
    }
    if (!await this.add(user, provider, profile, client, 'user')) throw authError('ACCOUNT_EXISTS', 'this identity already signs in to another account')
  }

  /** The account's own unlink: refused when it would leave no way to sign in (no password, passkey or other identity). */
  async unlink (userId: string, provider: string, client: ClientInfo): Promise<boolean> {
    const identities = await this.list(userId)
    const leaving = identities.filter((i) => i.provider === provider)
    if (leaving.length === 0) return false
    const user = await this.deps.auth.user(userId)
    const otherWays = (user?.passwordHash != null ? 1 : 0) + (await this.deps.passkeys.list(userId)).length + identities.length - leaving.length
    if (otherWays === 0) {
      throw authError('LAST_SIGN_IN_METHOD', `${provider} is the only way to sign in to this account: set a password (setPassword) or link another provider first`)
    }
    for (const identity of leaving) await this.remove(identity, client, 'user')
    return true
  }

  /** An admin's removal of one identity by id (a lost or compromised outside account); the account stays. */
  async removeById (id: string, adminId: string, client: ClientInfo): Promise<boolean> {
    const identity = await this.deps.store.get<Identity>(PROVIDER_COLLECTIONS.identities, id)
    return identity === undefined ? false : await this.remove(identity, client, adminId)
  }

  private async remove (identity: Identity, client: ClientInfo, by: string): Promise<boolean> {
    if (!await this.deps.store.delete(PROVIDER_COLLECTIONS.identities, identity.id)) return false
    await this.deps.audit.record('identity_unlinked', { userId: identity.userId, client }, { provider: identity.provider, identityId: identity.id, by })
    return true
  }
}
