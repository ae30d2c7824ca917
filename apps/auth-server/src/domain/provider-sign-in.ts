// Sign-in with an identity provider, end to end. signInWithProvider (or linkProvider, from a signed-in session)
// stores a flow and answers the provider's authorization URL; the provider sends the browser to the callback route,
// which consumes the flow, has the provider adapter exchange the code and check the answer, and redirects the
// browser to the flow's allowed redirectTo with a one-time code (or `error=<CODE>`); exchangeProviderCode turns the
// code into a session, or MFA_REQUIRED with a ticket for an account with a second factor, exactly as a password
// does. Tokens never travel in a URL: the code is worthless without this server, single use, and lives 60 seconds.
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { authError, isAuthError } from '../errors.js'
import type { AttemptLimits } from './attempt-limits.js'
import type { AuditSink } from './audit-log.js'
import type { AuthService } from './auth-service.js'
import type { Identities } from './identities.js'
import { invitationStatus } from './invitations.js'
import type { DocumentStore, IdentityProvider, ProviderProfile } from './ports.js'
import type { ProviderFlows } from './provider-flows.js'
import { PROVIDER_COLLECTIONS, type ProviderCode, type ProviderFlow } from './provider-records.js'
import type { AuthPayload, ClientInfo, Invitation, User } from './records.js'
import type { SecondFactors } from './second-factor.js'
import type { Sessions } from './sessions.js'

export const CODE_TTL_SECONDS = 60
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
// 192 random bits: single use, 60 seconds, counted per IP; it fits the `code` argument's cap of 32 characters.
const CODE = /^[A-Za-z0-9_-]{32}$/

export interface ProviderSignInDeps {
  providers: readonly IdentityProvider[]
  flows: ProviderFlows
  identities: Identities
  auth: AuthService
  sessions: Sessions
  secondFactors: SecondFactors
  limits: AttemptLimits
  audit: AuditSink
  store: DocumentStore
}

export interface ProviderSummary { name: string, label: string, kind: 'oidc' | 'github' }

export class ProviderSignIn {
  constructor (private readonly deps: ProviderSignInDeps) {}

  list (): ProviderSummary[] {
    return this.deps.providers.map(({ name, label, kind }) => ({ name, label, kind }))
  }

  /** Starts a sign-in (or, with `link`, the linking of a provider to the signed-in account): the URL and the flow cookie. */
  async start (name: string, redirectTo: string, client: ClientInfo, link?: { userId: string, sessionId: string }): Promise<{ url: string, cookie: string }> {
    const provider = this.provider(name)
    const target = URL.canParse(redirectTo) ? new URL(redirectTo).href : undefined
    if (target === undefined || !provider.redirects.includes(target)) {
      throw authError('BAD_USER_INPUT', `redirectTo is not one of the redirects allowed for ${name}`, { field: 'redirectTo' })
    }
    // Each start stores a flow for whoever asks, so it counts against the client's IP like a passkey challenge.
    await this.deps.limits.attempt('password', link === undefined ? 'signInWithProvider' : 'linkProvider', client, null)
    const { checks, cookie } = await this.deps.flows.issue({ provider: name, redirectTo: target, linkUserId: link?.userId, linkSessionId: link?.sessionId })
    return { url: await provider.authorizationUrl(checks), cookie }
  }

  /**
   * The provider's redirect back. A callback that matches no flow of this browser throws (the route answers 400: there
   * is no redirect it can trust); once the flow is known every outcome is a redirect to its allowed redirectTo.
   */
  async callback (name: string, callback: URL, cookie: string | undefined, client: ClientInfo): Promise<string> {
    const { flow, checks } = await this.deps.flows.consume(name, callback.searchParams.get('state') ?? undefined, cookie)
    const back = new URL(flow.redirectTo)
    try {
      const profile = await this.provider(name).complete(callback, checks)
      if (flow.linkUserId !== null) {
        await this.link(flow, profile, client)
        back.searchParams.set('linked', name)
      } else {
        back.searchParams.set('code', await this.issueCode(name, profile))
      }
    } catch (error) {
      if (!isAuthError(error) || error.code === 'INTERNAL') throw error
      await this.deps.audit.record('provider_sign_in_failed', { userId: flow.linkUserId, client }, {
        provider: name, code: String(error.code), reason: error.message.slice(0, 200)
      })
      back.searchParams.set('error', String(error.code))
    }
    return back.href
  }

  /** The one-time code of a callback → the session, or MFA_REQUIRED with a ticket when the account has a second factor. */
  async exchange (code: string, client: ClientInfo): Promise<AuthPayload> {
    await this.deps.limits.attempt('code', 'exchangeProviderCode', client, null)
    const doc = CODE.test(code) ? await this.deps.store.get<ProviderCode>(PROVIDER_COLLECTIONS.codes, sha256(code)) : undefined
    if (doc === undefined || !await this.deps.store.delete(PROVIDER_COLLECTIONS.codes, doc.id)) {
      throw authError('CODE_INVALID', 'the sign-in code is unknown or was already used')
    }
    if (Date.parse(doc.expiresAt) <= Date.now()) throw authError('CODE_EXPIRED', 'the sign-in code has expired; sign in again')
    const user = await this.accountFor(doc.provider, doc.profile, client)
    // RFC 8176: `fed` is a federated sign-in; a provider that says how the person authenticated is believed on that.
    const amr = doc.profile.amr !== null && doc.profile.amr.length > 0 ? doc.profile.amr : ['fed']
    return await this.deps.secondFactors.afterFirstFactor(user, client, amr)
  }

  private provider (name: string): IdentityProvider {
    const provider = this.deps.providers.find((p) => p.name === name)
    if (provider === undefined) throw authError('BAD_USER_INPUT', `unknown provider ${name}`, { field: 'provider' })
    return provider
  }

  private async issueCode (provider: string, profile: ProviderProfile): Promise<string> {
    const now = new Date()
    await this.deps.store.deleteBefore(PROVIDER_COLLECTIONS.codes, 'expiresAt', now.toISOString())
    const code = randomBytes(24).toString('base64url')
    const doc: ProviderCode = {
      id: sha256(code), provider, profile, createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000).toISOString()
    }
    await this.deps.store.insert(PROVIDER_COLLECTIONS.codes, doc)
    return code
  }

  private async link (flow: ProviderFlow, profile: ProviderProfile, client: ClientInfo): Promise<void> {
    // The session that asked must still be live and the account's: a revoked session links nothing.
    const session = flow.linkSessionId === null ? undefined : await this.deps.sessions.active(flow.linkSessionId)
    const user = session?.userId === flow.linkUserId ? await this.deps.auth.user(session.userId) : undefined
    if (user === undefined) throw authError('UNAUTHENTICATED', 'the session that asked to link the provider has ended')
    await this.deps.identities.link(user, flow.provider, profile, client)
  }

  /**
   * The account an identity signs in to: the one it is linked to, or a new one when the provider vouches for an
   * e-mail no account has (accepting a pending invitation for it). An e-mail that matches an existing account is
   * refused with ACCOUNT_EXISTS, whatever the provider says: linking needs the owner signed in (linkProvider).
   */
  private async accountFor (provider: string, profile: ProviderProfile, client: ClientInfo): Promise<User> {
    const identity = await this.deps.identities.find(provider, profile.subject)
    const linked = identity === undefined ? undefined : await this.deps.auth.user(identity.userId)
    if (identity !== undefined && linked !== undefined) {
      await this.deps.identities.touch(identity, profile)
      return linked
    }
    // Unverified first, so a provider asserting any address learns nothing about which accounts exist.
    if (profile.email === null || !profile.emailVerified) {
      throw authError('EMAIL_NOT_VERIFIED', 'the provider does not vouch for an e-mail address of this identity; no account can be opened with it')
    }
    const email = profile.email.trim().toLowerCase()
    if (await this.deps.auth.userByEmail(email) !== undefined) throw authError('ACCOUNT_EXISTS')
    await this.deps.limits.attempt('signUp', 'exchangeProviderCode', client, email)
    const invitation = await this.pendingInvitation(email)
    const user: User = {
      id: randomUUID(),
      email,
      passwordHash: null,
      emailVerified: true,
      role: invitation?.role ?? 'user',
      metadata: invitation?.metadata ?? {},
      createdAt: new Date().toISOString()
    }
    if (!await this.deps.auth.createUser(user)) throw authError('ACCOUNT_EXISTS')
    await this.deps.audit.record('signed_up', { userId: user.id, client }, { provider })
    if (invitation !== undefined) {
      await this.deps.store.put('invitations', { ...invitation, acceptedAt: new Date().toISOString() })
      await this.deps.audit.record('invitation_accepted', { userId: user.id, client }, { invitationId: invitation.id, role: user.role, provider })
    }
    if (!await this.deps.identities.add(user, provider, profile, client, 'sign_up')) throw authError('ACCOUNT_EXISTS', 'this identity already signs in to another account')
    return user
  }

  private async pendingInvitation (email: string): Promise<Invitation | undefined> {
    return (await this.deps.store.findBy<Invitation>('invitations', 'email', email)).find((i) => invitationStatus(i) === 'pending')
  }
}
