// Every string a client sends is checked before any resolver runs, by common's one definition of text a store can
// hold (textProblem: no NUL, no lone UTF-16 surrogate) with a length cap per argument, so hostile input is a clean
// BAD_USER_INPUT naming the argument. The guard wraps each resolver, so it covers variables and inline literals
// alike, every alias of a field and the strings nested inside JSON arguments. Headers and the query string of every
// route go through createServer's input guard, whose errors `inputGuardError` shapes the same way.
import { textProblem, type HostileInput } from '@openmotion/common'
import { authError } from '../errors.js'

/** Caps in UTF-16 code units by argument name; other top-level strings get DEFAULT_CAP. */
const CAPS: Record<string, number> = {
  email: 320, // RFC 5321: 64 + 1 + 255
  password: 1024, // checkPassword refuses > 72 bytes for new passwords; this bounds what reaches bcrypt at all
  currentPassword: 1024,
  newPassword: 1024,
  deviceName: 1024,
  code: 32,
  token: 512,
  refreshToken: 512,
  id: 128,
  role: 32,
  after: 128
}
const DEFAULT_CAP = 1024
/** Strings nested inside JSON arguments (metadata); the whole object is capped at 16 KiB separately. */
const NESTED_CAP = 16_384
const MAX_NESTING = 32

/** BAD_USER_INPUT naming the header or parameter (`headers/user-agent`) that holds text no store can hold. */
export function inputGuardError (hostile: HostileInput): Error {
  return authError('BAD_USER_INPUT', `${hostile.field} ${hostile.problem}`, { field: hostile.field })
}

function checkString (value: string, field: string, cap: number): void {
  const problem = textProblem(value, cap)
  if (problem !== undefined) throw authError('BAD_USER_INPUT', `${field} ${problem}`, { field })
}

function checkValue (value: unknown, field: string, cap: number, depth: number): void {
  if (typeof value === 'string') return checkString(value, field, cap)
  if (value === null || typeof value !== 'object') return
  if (depth > MAX_NESTING) throw authError('BAD_USER_INPUT', `${field} is nested too deeply`, { field })
  for (const [key, inner] of Object.entries(value)) {
    checkString(key, field, NESTED_CAP)
    checkValue(inner, field, NESTED_CAP, depth + 1)
  }
}

export function checkArguments (args: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(args)) {
    if (typeof value === 'string') checkString(value, name, CAPS[name] ?? DEFAULT_CAP)
    // Input objects (a filter) are checked field by field with their own names.
    else if (value !== null && typeof value === 'object' && !Array.isArray(value) && name === 'filter') checkArguments(value as Record<string, unknown>)
    else checkValue(value, name, NESTED_CAP, 0)
  }
}

type Resolver = (root: unknown, args: Record<string, unknown>, context: unknown, info: unknown) => unknown

/** Wraps every Query and Mutation resolver so its arguments pass `checkArguments` first. */
export function guardArguments<T extends Record<string, unknown>> (resolvers: T): T {
  const guarded: Record<string, unknown> = { ...resolvers }
  for (const type of ['Query', 'Mutation']) {
    const fields = resolvers[type] as Record<string, Resolver> | undefined
    if (fields === undefined) continue
    guarded[type] = Object.fromEntries(
      Object.entries(fields).map(([name, resolve]) => [
        name,
        (root: unknown, args: Record<string, unknown>, context: unknown, info: unknown) => {
          checkArguments(args)
          return resolve(root, args, context, info)
        }
      ])
    )
  }
  return guarded as T
}
