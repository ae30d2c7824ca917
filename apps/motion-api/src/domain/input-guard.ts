// Every string a client sends (path parameters, query, JSON body, object keys included) is checked before
// validation (findHostileInput of @openmotion/common says why): NUL and lone surrogates are client mistakes,
// 400 with code 1102 naming the part of the request at fault.
import { findHostileInput } from '@openmotion/common'
import { errors } from '../errors.js'

/** Throws 1102 when any part of the request carries a string no store can hold. */
export function rejectHostileInput (parts: { params?: unknown, query?: unknown, body?: unknown }): void {
  const hostile = findHostileInput(parts)
  if (hostile !== undefined) { throw errors.INVALID_PARAMETER(`${hostile.part} ${hostile.problem}`, { parameter: hostile.part === 'querystring' ? 'query' : hostile.part }) }
}
