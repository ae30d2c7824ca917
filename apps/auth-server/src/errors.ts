// Every error a client of the auth-server can meet: one table (`defineErrors`), codes never reused. The domain
// throws these `AppError`s; the GraphQL error formatter turns them into `extensions.code` (+ details) and masks
// anything else as INTERNAL. The codes are the public GraphQL contract, so they carry no app prefix.
import { AppError, SERVICE_UNAVAILABLE_MESSAGE, defineErrors, frameworkCodes, type ErrorDetails } from '@openmotion/common'

export const errors = defineErrors({
  UNAUTHENTICATED: { status: 401, message: 'Authentication required' },
  FORBIDDEN: { status: 403, message: 'Forbidden' },
  BAD_USER_INPUT: { status: 400, message: 'Invalid argument', answers: ['validation', 'badRequest'] },
  INVALID_CREDENTIALS: { status: 401, message: 'email or password is wrong' },
  EMAIL_NOT_VERIFIED: { status: 403, message: 'verify your e-mail address first' },
  RATE_LIMITED: { status: 429, message: 'Too many attempts' },
  CODE_EXPIRED: { status: 400, message: 'the code has expired' },
  CODE_INVALID: { status: 400, message: 'the code is wrong' },
  TOKEN_REUSED: { status: 401, message: 'this refresh token was already used' },
  MFA_REQUIRED: { status: 401, message: 'a second factor is required' },
  MFA_TICKET_INVALID: { status: 401, message: 'the MFA ticket is unknown, used or expired; sign in again' },
  PASSKEY_REJECTED: { status: 401, message: 'the passkey response was not accepted' },
  PROVIDER_REJECTED: { status: 401, message: 'the identity provider\'s answer was not accepted' },
  ACCOUNT_EXISTS: { status: 409, message: 'an account with this e-mail exists: sign in to it, then link the provider' },
  LAST_SIGN_IN_METHOD: { status: 409, message: 'this is the last way to sign in to the account' },
  REAUTHENTICATION_REQUIRED: { status: 403, message: 'this needs a recent sign-in, or the password' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Request body too large', answers: ['payloadTooLarge'] },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Content-Type must be application/json', answers: ['unsupportedMediaType'] },
  NOT_FOUND: { status: 404, message: 'Route not found', answers: ['notFound'] },
  // The database or the rate-limit store cannot be reached (a restart, a network cut): retry after Retry-After seconds.
  SERVICE_UNAVAILABLE: { status: 503, message: SERVICE_UNAVAILABLE_MESSAGE, answers: ['unavailable'] },
  INTERNAL: { status: 500, message: 'Internal server error', answers: ['internal'] }
})

/** The codes of failures fastify itself detects (schema validation, bad JSON, unknown routes, body limits). */
export const frameworkErrorCodes = frameworkCodes(errors)

export type AuthErrorCode = keyof typeof errors
export const AUTH_ERROR_CODES = Object.keys(errors) as readonly AuthErrorCode[]

export function authError (code: AuthErrorCode, message?: string, details?: ErrorDetails): AppError {
  return errors[code](message, details)
}

export function rateLimited (retryAfter: number, what: string): AppError {
  return errors.RATE_LIMITED(`too many ${what}; retry in ${retryAfter} s`, { retryAfter })
}

export function isAuthError (error: unknown): error is AppError {
  return error instanceof AppError && (AUTH_ERROR_CODES as readonly unknown[]).includes(error.code)
}
