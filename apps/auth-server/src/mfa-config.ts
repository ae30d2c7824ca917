// The second-factor and passkey variables, declared apart from config.ts so the MFA feature's settings and the
// rule tying the WebAuthn ones together sit in one place. WebAuthn binds every credential to the relying-party id
// (a registrable domain) and checks the page origin a browser reports, so a mistake here makes every passkey
// ceremony fail: the rule below refuses such a configuration at start-up instead.
import { ConfigError, Type } from '@openmotion/common/startup'

export const mfaEnv = {
  REQUIRE_MFA_FOR_ADMINS: Type.Boolean({
    default: false,
    description: 'When true, admin-only operations answer MFA_REQUIRED unless the session was opened with a second factor (TOTP, recovery code or passkey)'
  }),
  MFA_TICKET_TTL: Type.Integer({
    minimum: 30,
    maximum: 900,
    default: 300,
    description: 'Lifetime of the single-use MFA ticket signIn answers for an account with a second factor, seconds'
  }),
  MFA_LIMIT_PER_ACCOUNT: Type.Integer({
    minimum: 1,
    default: 5,
    description: 'Second-factor code checks (verifyMfa, confirmTotp, disableTotp, regenerateRecoveryCodes) per account per MFA_LIMIT_WINDOW'
  }),
  MFA_LIMIT_PER_IP: Type.Integer({ minimum: 1, default: 50, description: 'Second-factor code checks per client IP per MFA_LIMIT_WINDOW' }),
  MFA_LIMIT_WINDOW: Type.Integer({ minimum: 1, default: 900, description: 'Window of the second-factor limits, seconds' }),
  MFA_REAUTH_WINDOW: Type.Integer({
    minimum: 60,
    maximum: 86_400,
    default: 600,
    description: 'Adding a second factor (enrollTotp, passkeyRegistrationOptions) needs a session opened within this many seconds, or the password'
  }),
  MFA_ENCRYPTION_KEYS: Type.Optional(Type.String({
    description: 'Comma-separated 32-byte keys (base64) sealing TOTP secrets at rest; the first seals, all open (rotation). ' +
      'Required in production; otherwise a fixed development key is used'
  })),
  TOTP_ISSUER: Type.String({ minLength: 1, maxLength: 64, default: 'OpenMotion', description: 'Issuer shown by authenticator apps in the otpauth:// URI' }),
  WEBAUTHN_RP_ID: Type.String({
    minLength: 1,
    default: 'localhost',
    description: 'WebAuthn relying-party id: the domain passkeys are bound to (the site host or a parent domain of it)'
  }),
  WEBAUTHN_RP_NAME: Type.String({ minLength: 1, maxLength: 64, default: 'OpenMotion', description: 'Relying-party name browsers show when creating a passkey' }),
  WEBAUTHN_ORIGINS: Type.String({
    default: 'http://localhost:5173',
    description: 'Comma-separated page origins allowed to run passkey ceremonies; each host must be WEBAUTHN_RP_ID or a subdomain of it, https outside localhost'
  })
}

const HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/

export function webauthnOrigins (value: string): string[] {
  return value.split(',').map((o) => o.trim()).filter((o) => o !== '')
}

/** Throws ConfigError naming the variable when the relying-party id or an origin cannot work with WebAuthn. */
export function checkWebauthnConfig (config: { readonly WEBAUTHN_RP_ID: string, readonly WEBAUTHN_ORIGINS: string }): void {
  const rpId = config.WEBAUTHN_RP_ID
  if (!HOST.test(rpId)) throw new ConfigError('WEBAUTHN_RP_ID', `WEBAUTHN_RP_ID must be a bare host name (no scheme, port or path), got ${JSON.stringify(rpId)}`)
  const origins = webauthnOrigins(config.WEBAUTHN_ORIGINS)
  if (origins.length === 0) throw new ConfigError('WEBAUTHN_ORIGINS', 'WEBAUTHN_ORIGINS must list at least one origin')
  for (const origin of origins) {
    const url = URL.canParse(origin) ? new URL(origin) : undefined
    if (url === undefined || url.origin !== origin) {
      throw new ConfigError('WEBAUTHN_ORIGINS', `WEBAUTHN_ORIGINS entry ${JSON.stringify(origin)} is not an origin (scheme://host[:port], no path)`)
    }
    // WebAuthn Level 2 §5.1.3: the RP id must be the origin's effective domain or a registrable suffix of it.
    if (url.hostname !== rpId && !url.hostname.endsWith(`.${rpId}`)) {
      throw new ConfigError('WEBAUTHN_ORIGINS', `origin ${origin} is not on WEBAUTHN_RP_ID ${rpId} (nor a subdomain of it)`)
    }
    // Browsers offer WebAuthn only in secure contexts: https, or http on localhost.
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname.endsWith('.localhost')))) {
      throw new ConfigError('WEBAUTHN_ORIGINS', `origin ${origin} must use https (http is allowed only on localhost)`)
    }
  }
}
