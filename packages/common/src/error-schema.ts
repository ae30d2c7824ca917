// The OpenAPI (and serialization) schema of `ErrorBody`, the one error shape of every service, so each route can
// document its error statuses with the same component.
import { Type, type TSchema } from '@sinclair/typebox'

export const ErrorResponse = Type.Object({
  message: Type.Optional(Type.String({ description: 'The error message repeated at the top level (motion-api sends it: SayMotion clients print it)' })),
  error: Type.Object({
    code: Type.Union([Type.String(), Type.Number()], { description: 'Stable error code from the app\'s table' }),
    message: Type.String(),
    requestId: Type.String({ description: 'Also in the x-request-id header and the server log' }),
    details: Type.Optional(Type.Record(Type.String(), Type.Unknown()))
  })
}, { description: 'Error' })

/** `{ 400: ErrorResponse, 404: ErrorResponse, … }` for a route's `response` schema. */
export function errorResponses (...statuses: number[]): Record<number, TSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorResponse]))
}
