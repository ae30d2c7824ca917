// TOTP (RFC 6238): SHA-1, six digits, 30-second steps, the defaults every authenticator app reads from an
// otpauth:// URI. A code is accepted for the current step or one step either side (clock skew), and only for a
// step later than the last one accepted (RFC 6238 §5.2: an OTP is used once), recorded by compare-and-set so two
// concurrent requests with the same code cannot both pass. The secret is stored sealed (secret-box.ts).
import QRCode from 'qrcode'
import { Secret, TOTP } from 'otpauth'
import { authError } from '../errors.js'
import { MFA_COLLECTIONS, type TotpFactor } from './mfa-records.js'
import type { DocumentStore } from './ports.js'
import type { User } from './records.js'
import type { SecretBox } from './secret-box.js'

const PERIOD = 30
const DIGITS = 6
const SKEW_STEPS = 1
const CAS_TRIES = 5
const CODE = /^\d{6}$/

export interface TotpEnrollment { secret: string, uri: string, qrCode: string }

/** Why a code was refused: reported in the audit log, never to the client (both answer CODE_INVALID). */
export type CodeCheck = { ok: true } | { ok: false, reason: 'wrong_code' | 'replayed' }

export class TotpFactors {
  constructor (private readonly store: DocumentStore, private readonly issuer: string, private readonly box: SecretBox) {}

  async get (userId: string): Promise<TotpFactor | undefined> {
    return await this.store.get<TotpFactor>(MFA_COLLECTIONS.totp, userId)
  }

  async enabled (userId: string): Promise<boolean> {
    return (await this.get(userId))?.enabled === true
  }

  /** A new secret awaiting confirmTotp; replaces an unconfirmed one, refuses while one is enabled. */
  async enroll (user: User): Promise<TotpEnrollment> {
    const current = await this.get(user.id)
    if (current?.enabled === true) throw authError('BAD_USER_INPUT', 'TOTP is already enabled; disableTotp first to enroll a new secret')
    const secret = new Secret({ size: 20 }).base32
    const factor: TotpFactor = {
      id: user.id,
      userId: user.id,
      secret: this.box.seal(secret, user.id),
      enabled: false,
      lastStep: 0,
      createdAt: new Date().toISOString(),
      enabledAt: null,
      version: 1
    }
    if (current === undefined) {
      if (!await this.store.insert(MFA_COLLECTIONS.totp, factor)) throw authError('BAD_USER_INPUT', 'an enrollment is in progress; retry')
    } else {
      await this.store.put(MFA_COLLECTIONS.totp, { ...factor, version: current.version + 1 })
    }
    const uri = this.totp(secret, user.email).toString()
    const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
    return { secret, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` }
  }

  /**
   * Checks `code` against the account's factor in the given state (pending for confirmTotp, enabled for every
   * other use: an unconfirmed secret is no second factor) and records its step as used when it passes.
   */
  async check (userId: string, code: string, state: 'pending' | 'enabled', now = Date.now()): Promise<CodeCheck> {
    const token = code.replace(/\s/g, '')
    for (let i = 0; i < CAS_TRIES; i++) {
      const factor = await this.get(userId)
      if (factor === undefined || factor.enabled !== (state === 'enabled') || !CODE.test(token)) return { ok: false, reason: 'wrong_code' }
      const secret = this.box.open(factor.secret, userId)
      const delta = this.totp(secret, userId).validate({ token, timestamp: now, window: SKEW_STEPS })
      if (delta === null) return { ok: false, reason: 'wrong_code' }
      const step = TOTP.counter({ period: PERIOD, timestamp: now }) + delta
      if (step <= factor.lastStep) return { ok: false, reason: 'replayed' }
      // The accepted step is written anyway: a secret stored plain, or under a retired key, is sealed anew with it.
      const resealed = this.box.stale(factor.secret) ? this.box.seal(secret, userId) : factor.secret
      const used = { ...factor, secret: resealed, lastStep: step, version: factor.version + 1 }
      if (await this.store.replaceIf(MFA_COLLECTIONS.totp, used, factor.version)) return { ok: true }
    }
    return { ok: false, reason: 'replayed' }
  }

  async enable (userId: string): Promise<void> {
    for (let i = 0; i < CAS_TRIES; i++) {
      const factor = await this.get(userId)
      if (factor === undefined) throw authError('BAD_USER_INPUT', 'no TOTP enrollment; call enrollTotp first')
      const enabled = { ...factor, enabled: true, enabledAt: new Date().toISOString(), version: factor.version + 1 }
      if (await this.store.replaceIf(MFA_COLLECTIONS.totp, enabled, factor.version)) return
    }
    throw authError('INTERNAL', 'the TOTP factor kept changing while being enabled')
  }

  async remove (userId: string): Promise<boolean> {
    return await this.store.delete(MFA_COLLECTIONS.totp, userId)
  }

  private totp (secret: string, label: string): TOTP {
    return new TOTP({ issuer: this.issuer, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD, secret: Secret.fromBase32(secret) })
  }
}
