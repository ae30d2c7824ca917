// Passkeys (WebAuthn) with @simplewebauthn/server: registration for a signed-in user, assertions for a
// passkey-only sign-in (discoverable credentials: the browser picks the account) or as the second factor of a
// ticket. Every ceremony's challenge is a stored document bound to who asked (the session, the ticket, or a
// passkey-only sign-in), lives WEBAUTHN challenge TTL seconds and is consumed (deleted) by the one response that
// uses it. Attestation is not requested ('none'): which authenticator models are trusted is not our policy yet.
import { randomBytes } from 'node:crypto'
import {
  generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse,
  type AuthenticationResponseJSON, type PublicKeyCredentialCreationOptionsJSON, type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON
} from '@simplewebauthn/server'
import { authError } from '../errors.js'
import { MFA_COLLECTIONS, type ChallengePurpose, type Passkey, type WebauthnChallenge } from './mfa-records.js'
import type { DocumentStore } from './ports.js'
import type { User } from './records.js'

export interface WebauthnSettings { rpId: string, rpName: string, origins: string[], challengeTtl: number }

export interface ChallengeBinding { purpose: ChallengePurpose, boundTo: string | null, userId: string | null }

export interface VerifiedAssertion { passkey: Passkey, userVerified: boolean, amr: 'hwk' | 'swk' }

const MAX_PASSKEYS = 20
const NAME_MAX = 64
const rejected = (message: string) => authError('PASSKEY_REJECTED', message)

/** The challenge a response answers, read from its clientDataJSON (the browser echoes the one it was given). */
function challengeOf (response: unknown): string {
  const clientData = (response as { response?: { clientDataJSON?: unknown } } | null)?.response?.clientDataJSON
  if (typeof clientData !== 'string') throw rejected('the response carries no clientDataJSON')
  try {
    const { challenge } = JSON.parse(Buffer.from(clientData, 'base64url').toString('utf8')) as { challenge?: unknown }
    if (typeof challenge === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(challenge)) return challenge
  } catch {}
  throw rejected('the response names no challenge')
}

export class Passkeys {
  constructor (private readonly store: DocumentStore, private readonly settings: WebauthnSettings) {}

  async list (userId: string): Promise<Passkey[]> {
    return (await this.store.findBy<Passkey>(MFA_COLLECTIONS.passkeys, 'userId', userId)).sort((a, b) => a.createdAt.localeCompare(b.createdAt))
  }

  async registrationOptions (user: User, sessionId: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await this.list(user.id)
    if (existing.length >= MAX_PASSKEYS) throw authError('BAD_USER_INPUT', `an account holds at most ${MAX_PASSKEYS} passkeys; delete one first`)
    const challenge = await this.newChallenge({ purpose: 'register', boundTo: sessionId, userId: user.id })
    return await generateRegistrationOptions({
      rpName: this.settings.rpName,
      rpID: this.settings.rpId,
      userName: user.email,
      userID: new TextEncoder().encode(user.id),
      challenge,
      timeout: this.settings.challengeTtl * 1000,
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
      // Discoverable, so the same passkey signs in with no e-mail typed; user verification for passkey-only sign-in.
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' }
    })
  }

  async register (user: User, sessionId: string, response: unknown, name: string | null): Promise<Passkey> {
    const challenge = await this.takeChallenge(response, { purpose: 'register', boundTo: sessionId, userId: user.id })
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>
    try {
      verified = await verifyRegistrationResponse({
        response: response as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: this.settings.origins,
        expectedRPID: this.settings.rpId,
        requireUserVerification: true
      })
    } catch (error) {
      throw rejected(`the registration was not accepted: ${(error as Error).message}`)
    }
    if (!verified.verified) throw rejected('the registration was not accepted')
    const info = verified.registrationInfo
    const passkey: Passkey = {
      id: info.credential.id,
      userId: user.id,
      name: checkName(name ?? `Passkey ${new Date().toISOString().slice(0, 10)}`),
      publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: info.credential.transports ?? [],
      deviceType: info.credentialDeviceType,
      backupEligible: info.credentialDeviceType === 'multiDevice',
      backedUp: info.credentialBackedUp,
      createdAt: new Date().toISOString(),
      lastUsedAt: null
    }
    if (!await this.store.insert(MFA_COLLECTIONS.passkeys, passkey)) throw rejected('this credential is already registered')
    return passkey
  }

  /** Options for an assertion; `allowFor` lists the account's passkeys (second factor), none for a discoverable sign-in. */
  async authenticationOptions (binding: ChallengeBinding, allowFor: Passkey[] = []): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const challenge = await this.newChallenge(binding)
    return await generateAuthenticationOptions({
      rpID: this.settings.rpId,
      challenge,
      timeout: this.settings.challengeTtl * 1000,
      userVerification: binding.purpose === 'sign_in' ? 'required' : 'preferred',
      allowCredentials: allowFor.map((p) => ({ id: p.id, transports: p.transports }))
    })
  }

  /**
   * Verifies an assertion against the challenge it names (which must carry `binding`) and the stored credential,
   * which must belong to `binding.userId` when that is set; stores the new signature counter.
   */
  async verifyAssertion (response: unknown, binding: ChallengeBinding): Promise<VerifiedAssertion> {
    const challenge = await this.takeChallenge(response, binding)
    const credentialId = (response as { id?: unknown }).id
    const passkey = typeof credentialId === 'string' && credentialId.length <= 1024
      ? await this.store.get<Passkey>(MFA_COLLECTIONS.passkeys, credentialId)
      : undefined
    if (passkey === undefined) throw rejected('the credential is not registered')
    if (binding.userId !== null && passkey.userId !== binding.userId) throw rejected('the credential belongs to another account')
    const userHandle = (response as { response?: { userHandle?: unknown } }).response?.userHandle
    if (typeof userHandle === 'string' && userHandle !== Buffer.from(passkey.userId).toString('base64url')) {
      throw rejected('the credential belongs to another account')
    }
    let info: Awaited<ReturnType<typeof verifyAuthenticationResponse>>['authenticationInfo']
    try {
      const result = await verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: this.settings.origins,
        expectedRPID: this.settings.rpId,
        credential: { id: passkey.id, publicKey: Buffer.from(passkey.publicKey, 'base64url'), counter: passkey.counter, transports: passkey.transports as never },
        requireUserVerification: binding.purpose === 'sign_in'
      })
      if (!result.verified) throw new Error('signature not verified')
      info = result.authenticationInfo
    } catch (error) {
      // A counter that did not grow means a cloned authenticator (WebAuthn §6.1.1): refused, like a bad signature.
      throw rejected(`the passkey assertion was not accepted: ${(error as Error).message}`)
    }
    const version = passkey.version ?? 0
    const updated: Passkey = {
      ...passkey, counter: info.newCounter, backedUp: info.credentialBackedUp, lastUsedAt: new Date().toISOString(), version: version + 1
    }
    // Two assertions checked against the same stored counter (a cloned authenticator used twice at once) cannot
    // both pass: only the first to write moves the counter on, the other is refused like a counter that did not grow.
    if (!await this.store.replaceIf(MFA_COLLECTIONS.passkeys, updated, version)) {
      throw rejected('the passkey was used by another sign-in at the same moment (signature counter already moved on)')
    }
    const synced = info.credentialDeviceType === 'multiDevice' || info.credentialBackedUp
    return { passkey: updated, userVerified: info.userVerified, amr: synced ? 'swk' : 'hwk' }
  }

  async rename (userId: string, id: string, name: string): Promise<Passkey> {
    const passkey = await this.store.get<Passkey>(MFA_COLLECTIONS.passkeys, id)
    if (passkey === undefined || passkey.userId !== userId) throw authError('BAD_USER_INPUT', 'no such passkey', { field: 'id' })
    const renamed: Passkey = { ...passkey, name: checkName(name), version: (passkey.version ?? 0) + 1 }
    // A sign-in moving the counter meanwhile must not be undone by writing the old counter back: renamed again on it.
    if (await this.store.replaceIf(MFA_COLLECTIONS.passkeys, renamed, passkey.version ?? 0)) return renamed
    return await this.rename(userId, id, name)
  }

  async remove (userId: string, id: string): Promise<boolean> {
    const passkey = await this.store.get<Passkey>(MFA_COLLECTIONS.passkeys, id)
    if (passkey === undefined || passkey.userId !== userId) return false
    return await this.store.delete(MFA_COLLECTIONS.passkeys, id)
  }

  async removeAll (userId: string): Promise<number> {
    let count = 0
    for (const passkey of await this.list(userId)) if (await this.store.delete(MFA_COLLECTIONS.passkeys, passkey.id)) count++
    return count
  }

  /** The challenge's bytes; the options carry them base64url-encoded, which is the document id and what clientDataJSON echoes. */
  private async newChallenge (binding: ChallengeBinding): Promise<Uint8Array<ArrayBuffer>> {
    const now = Date.now()
    const bytes = new Uint8Array(randomBytes(32))
    await this.store.deleteBefore(MFA_COLLECTIONS.challenges, 'expiresAt', new Date(now).toISOString())
    const doc: WebauthnChallenge = {
      id: Buffer.from(bytes).toString('base64url'),
      ...binding,
      expiresAt: new Date(now + this.settings.challengeTtl * 1000).toISOString()
    }
    await this.store.insert(MFA_COLLECTIONS.challenges, doc)
    return bytes
  }

  /** Consumes the challenge the response names; refuses one unknown, used, expired or asked for by someone else. */
  private async takeChallenge (response: unknown, binding: ChallengeBinding): Promise<string> {
    const id = challengeOf(response)
    const doc = await this.store.get<WebauthnChallenge>(MFA_COLLECTIONS.challenges, id)
    if (doc === undefined || !await this.store.delete(MFA_COLLECTIONS.challenges, id)) throw rejected('the challenge is unknown or was already used')
    if (Date.parse(doc.expiresAt) <= Date.now()) throw rejected('the challenge has expired; ask for new options')
    if (doc.purpose !== binding.purpose || doc.boundTo !== binding.boundTo || (binding.userId !== null && doc.userId !== binding.userId)) {
      throw rejected('the challenge was issued for another ceremony')
    }
    return doc.id
  }
}

function checkName (name: string): string {
  const trimmed = name.trim()
  if (trimmed === '' || trimmed.length > NAME_MAX) throw authError('BAD_USER_INPUT', `name must be 1 to ${NAME_MAX} characters`, { field: 'name' })
  return trimmed
}
