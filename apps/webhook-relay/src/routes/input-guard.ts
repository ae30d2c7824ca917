// The tenant and admin API's path parameters, query and JSON bodies are checked before validation for strings no
// store can hold (NUL, lone surrogates: findHostileInput of @openmotion/common), which PostgreSQL would otherwise
// refuse with a 500. POST /webhook checks its own payload while parsing it (domain/webhook-payload.ts).
import { hostileInputHook } from '@openmotion/common'
import { errors } from '../errors.js'

export const rejectHostileInput = hostileInputHook((hostile) => errors.RELAY_VALIDATION(`${hostile.part} ${hostile.problem}`, { field: hostile.part }))
