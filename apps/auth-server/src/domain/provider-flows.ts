// A provider sign-in in progress. Its state, nonce and PKCE verifier are 256 random bits each; the flow is stored
// under the SHA-256 of its state (single use, FLOW_TTL_SECONDS) and the browser that started it holds the state in a
// short-lived cookie signed with HMAC. The callback must bring back the same state in the query and in a cookie this
// server signed: a callback replayed, forged from another browser (login CSRF) or arriving after the flow was used
// or expired is refused with PROVIDER_REJECTED before any code is exchanged.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { authError } from '../errors.js'
import type { AuthorizationChecks, DocumentStore } from './ports.js'
import { PROVIDER_COLLECTIONS, type ProviderFlow } from './provider-records.js'

export const FLOW_TTL_SECONDS = 600
/** The cookie holding the signed state; its path is the callback routes', so it travels nowhere else. */
export const FLOW_COOKIE = 'provider_flow'
export const FLOW_COOKIE_PATH = '/auth/providers'
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
const random = () => randomBytes(32).toString('base64url')
const STATE = /^[A-Za-z0-9_-]{43}$/

export interface FlowStart { provider: string, redirectTo: string, linkUserId?: string | null, linkSessionId?: string | null }

export class ProviderFlows {
  constructor (private readonly store: DocumentStore, private readonly cookieKey: Buffer) {}

  async issue (start: FlowStart): Promise<{ checks: AuthorizationChecks, cookie: string }> {
    const now = new Date()
    await this.store.deleteBefore(PROVIDER_COLLECTIONS.flows, 'expiresAt', now.toISOString())
    const checks = { state: random(), nonce: random(), codeVerifier: random() }
    const flow: ProviderFlow = {
      id: sha256(checks.state),
      provider: start.provider,
      nonce: checks.nonce,
      codeVerifier: checks.codeVerifier,
      redirectTo: start.redirectTo,
      linkUserId: start.linkUserId ?? null,
      linkSessionId: start.linkSessionId ?? null,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + FLOW_TTL_SECONDS * 1000).toISOString()
    }
    await this.store.insert(PROVIDER_COLLECTIONS.flows, flow)
    return { checks, cookie: `${checks.state}.${this.sign(checks.state)}` }
  }

  /**
   * The flow the callback belongs to, consumed: exactly one of concurrent callbacks with one state gets it. The state
   * must match the signed cookie and the provider the flow was started for.
   */
  async consume (provider: string, state: string | undefined, cookie: string | undefined): Promise<{ flow: ProviderFlow, checks: AuthorizationChecks }> {
    const [cookieState, signature] = (cookie ?? '').split('.')
    if (state === undefined || !STATE.test(state)) throw authError('PROVIDER_REJECTED', 'the callback carries no valid state')
    if (cookieState !== state || signature === undefined || !this.verify(state, signature)) {
      throw authError('PROVIDER_REJECTED', 'the state does not match the sign-in this browser started')
    }
    const flow = await this.store.get<ProviderFlow>(PROVIDER_COLLECTIONS.flows, sha256(state))
    if (flow === undefined || !await this.store.delete(PROVIDER_COLLECTIONS.flows, flow.id)) {
      throw authError('PROVIDER_REJECTED', 'the sign-in is unknown or was already completed')
    }
    if (Date.parse(flow.expiresAt) <= Date.now()) throw authError('PROVIDER_REJECTED', 'the sign-in took too long; start again')
    if (flow.provider !== provider) throw authError('PROVIDER_REJECTED', 'the callback is for another provider than the sign-in')
    return { flow, checks: { state, nonce: flow.nonce, codeVerifier: flow.codeVerifier } }
  }

  private sign (state: string): string {
    return createHmac('sha256', this.cookieKey).update(`provider flow\u0000${state}`).digest('base64url')
  }

  private verify (state: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(state))
    const given = Buffer.from(signature)
    return expected.length === given.length && timingSafeEqual(expected, given)
  }
}
