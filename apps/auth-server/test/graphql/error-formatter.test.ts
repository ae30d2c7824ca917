import { GraphQLError } from 'graphql'
import { createLogger } from '@openmotion/common'
import { describe, expect, it } from 'vitest'
import { errors } from '../../src/errors.js'
import { formatGraphqlErrors } from '../../src/graphql/error-formatter.js'

const logger = createLogger({ name: 'test', level: 'silent', pretty: false })
const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
const resolverError = (original: Error, path: string): GraphQLError => new GraphQLError(original.message, { path: [path], originalError: original })

describe('formatGraphqlErrors', () => {
  it('answers 503 SERVICE_UNAVAILABLE, without the driver message, when the database was unreachable for every field', () => {
    const { statusCode, response } = formatGraphqlErrors({ data: { signIn: null }, errors: [resolverError(refused, 'signIn')] }, logger)
    expect(statusCode).toBe(503)
    expect(response.errors).toEqual([expect.objectContaining({ message: 'A service this request needs is unavailable; retry shortly', extensions: { code: 'SERVICE_UNAVAILABLE' } })])
    expect(JSON.stringify(response)).not.toContain('5432')
  })

  it('keeps a 200 when another field of the same document succeeded', () => {
    const { statusCode, response } = formatGraphqlErrors({ data: { me: { id: 'u1' }, signIn: null }, errors: [resolverError(refused, 'signIn')] }, logger)
    expect(statusCode).toBe(200)
    expect(response.errors[0]?.extensions.code).toBe('SERVICE_UNAVAILABLE')
  })

  it('leaves a client error wrapping nothing unavailable as it is, and a bug as INTERNAL', () => {
    expect(formatGraphqlErrors({ data: { signIn: null }, errors: [resolverError(errors.INVALID_CREDENTIALS(), 'signIn')] }, logger).response.errors[0]?.extensions.code)
      .toBe('INVALID_CREDENTIALS')
    const bug = formatGraphqlErrors({ data: { signIn: null }, errors: [resolverError(new Error('undefined is not a function'), 'signIn')] }, logger)
    expect(bug.statusCode).toBe(200)
    expect(bug.response.errors[0]?.extensions.code).toBe('INTERNAL')
  })
})
