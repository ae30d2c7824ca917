// Small helpers the GraphQL tests share: a typed inject-based client and reading codes out of mailed messages.
import type { AppInstance } from '@openmotion/common'
import type { Mail } from '../../src/app.js'

export interface GqlError { message: string, extensions: { code: string, [key: string]: unknown } }
export interface GqlBody { data: Record<string, any> | null, errors?: GqlError[] } // eslint-disable-line @typescript-eslint/no-explicit-any

export function gqlClient (app: AppInstance) {
  return async (query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
    const response = await app.inject({ method: 'POST', url: '/graphql', payload: { query, variables }, headers })
    // Mails leave off the request path; wait for them so a test reads the outbox as the user's inbox would be.
    await app.mailsIdle()
    return { response, body: response.json() as GqlBody }
  }
}

type Gql = ReturnType<typeof gqlClient>

/** signUp (which answers only `true`) followed by signIn: the account's first session. */
export async function register (gql: Gql, variables: { email: string, password: string, deviceName?: string }) {
  const signUp = await gql(SIGN_UP, { email: variables.email, password: variables.password })
  if (signUp.body.data?.signUp !== true) throw new Error(`signUp failed: ${JSON.stringify(signUp.body)}`)
  const signIn = await gql(SIGN_IN, variables)
  if (signIn.body.data === null) throw new Error(`signIn failed: ${JSON.stringify(signIn.body)}`)
  return { ...signIn, payload: signIn.body.data.signIn }
}

export const PAYLOAD =
  'accessToken accessTokenExpiresAt refreshToken user { id email emailVerified role metadata createdAt hasPassword } session { id deviceName current }'
export const SIGN_UP = 'mutation ($email: String!, $password: String!) { signUp(email: $email, password: $password) }'
export const SIGN_IN = `mutation ($email: String!, $password: String!, $deviceName: String) { signIn(email: $email, password: $password, deviceName: $deviceName) { ${PAYLOAD} } }`
export const REFRESH = `mutation ($t: String) { refreshToken(refreshToken: $t) { ${PAYLOAD} } }`

export function lastMailTo (outbox: Mail[], to: string): Mail {
  const mail = outbox.filter((m) => m.to === to).at(-1)
  if (mail === undefined) throw new Error(`no mail to ${to}`)
  return mail
}

export const codeIn = (mail: Mail) => /code is (\d{6})/.exec(mail.text)![1]!
export const tokenIn = (mail: Mail) => new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get('token')!

let counter = 0
export const uniqueEmail = (prefix = 'user') => `${prefix}${++counter}-${Date.now()}@example.com`
