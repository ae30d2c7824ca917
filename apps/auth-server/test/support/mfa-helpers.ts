// GraphQL documents and steps the second-factor tests share.
import { totpAt } from './rfc6238.js'
import { PAYLOAD, SIGN_IN, type gqlClient } from './graphql-client.js'

type Gql = ReturnType<typeof gqlClient>

export const ENROLL = 'mutation { enrollTotp { secret uri qrCode } }'
export const CONFIRM = 'mutation ($code: String!) { confirmTotp(code: $code) }'
export const VERIFY = `mutation ($ticket: String!, $code: String, $recoveryCode: String, $passkey: JSON) {
  verifyMfa(ticket: $ticket, code: $code, recoveryCode: $recoveryCode, passkey: $passkey) { ${PAYLOAD} } }`
export const STATUS = 'query { mfaStatus { totpEnabled recoveryCodesLeft passkeys { id name } } }'

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

export function claimsOf (jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>
}

/** enrollTotp then confirmTotp with the code of `step`; resolves the secret and the recovery codes. */
export async function enableTotp (gql: Gql, accessToken: string, step: number): Promise<{ secret: string, recoveryCodes: string[] }> {
  const enrolled = await gql(ENROLL, {}, bearer(accessToken))
  const secret = enrolled.body.data?.enrollTotp.secret as string
  const confirmed = await gql(CONFIRM, { code: totpAt(secret, step) }, bearer(accessToken))
  if (confirmed.body.data === null) throw new Error(`confirmTotp failed: ${JSON.stringify(confirmed.body)}`)
  return { secret, recoveryCodes: confirmed.body.data.confirmTotp as string[] }
}

/** signIn of an account with a second factor: resolves the ticket from the MFA_REQUIRED error. */
export async function ticketFor (gql: Gql, email: string, password: string): Promise<{ ticket: string, factors: string[], expiresAt: string }> {
  const { body } = await gql(SIGN_IN, { email, password })
  const error = body.errors?.[0]
  if (error?.extensions.code !== 'MFA_REQUIRED') throw new Error(`expected MFA_REQUIRED: ${JSON.stringify(body)}`)
  return { ticket: error.extensions.ticket as string, factors: error.extensions.factors as string[], expiresAt: error.extensions.ticketExpiresAt as string }
}
