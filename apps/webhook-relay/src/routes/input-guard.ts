// The tenant and admin API's path parameters, query and JSON bodies are checked before validation for strings no
// store can hold (NUL, lone surrogates: findHostileInput of @openmotion/common), which PostgreSQL would otherwise
// refuse with a 500. POST /webhook checks its own payload while parsing it (domain/webhook-payload.ts).
import { findHostileInput } from '@openmotion/common'
import type { FastifyRequest } from 'fastify'
import { errors } from '../errors.js'

export async function rejectHostileInput (request: FastifyRequest): Promise<void> {
  const hostile = findHostileInput({ params: request.params, query: request.query, body: request.body })
  if (hostile !== undefined) throw errors.RELAY_VALIDATION(`${hostile.part} ${hostile.problem}`, { field: hostile.part })
}
