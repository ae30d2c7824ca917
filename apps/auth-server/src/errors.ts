// GraphQL errors carry `extensions.code` from this fixed set; anything else is masked as INTERNAL.
import mercurius from 'mercurius'

export const AUTH_ERROR_CODES = [
  'UNAUTHENTICATED', 'FORBIDDEN', 'BAD_USER_INPUT', 'INVALID_CREDENTIALS', 'EMAIL_NOT_VERIFIED', 'RATE_LIMITED',
  'CODE_EXPIRED', 'CODE_INVALID', 'TOKEN_REUSED', 'INTERNAL'
] as const
export type AuthErrorCode = typeof AUTH_ERROR_CODES[number]

export function authError (code: AuthErrorCode, message: string, extra: Record<string, unknown> = {}): Error {
  return new mercurius.ErrorWithProps(message, { code, ...extra })
}

export function rateLimited (retryAfter: number, what: string): Error {
  return authError('RATE_LIMITED', `too many ${what}; retry in ${retryAfter} s`, { retryAfter })
}
