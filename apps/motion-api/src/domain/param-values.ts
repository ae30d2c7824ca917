// How one `name=value` entry of `params` is read, the way SayMotion clients write them
// (motion-api-public-extensions.md, "How clients write parameters"): the value is everything after the first `=`
// (it may contain `=`), a value wrapped in double quotes is unquoted, and numbers may be written as floats where
// an integer is meant — they are rounded to the nearest integer (halves away from zero).
import { DEFAULT_TEXT_LIMITS, findHostileInput, textProblem } from '@openmotion/common'
import { errors } from '../errors.js'

export function invalid (name: string, message: string): Error {
  return errors.INVALID_PARAMETER(`${name}: ${message}`, { parameter: name })
}

/** `"A person walking"` → `A person walking`; JSON string escapes inside the quotes are honoured. */
export function unquote (raw: string): string {
  if (raw.length < 2 || !raw.startsWith('"') || !raw.endsWith('"')) return raw
  try {
    const parsed: unknown = JSON.parse(raw)
    if (typeof parsed === 'string') return parsed
  } catch { /* not a JSON string literal: strip the quotes only */ }
  return raw.slice(1, -1)
}

/** Parameter names that mean the same thing; clients send either spelling. */
const ALIASES: Readonly<Record<string, string>> = { numVariants: 'numVariant' }

export function splitParams (params: string[], allowed: readonly string[]): Map<string, string> {
  const values = new Map<string, string>()
  for (const entry of params) {
    const at = entry.indexOf('=')
    if (at <= 0) throw errors.INVALID_PARAMETER(`Malformed parameter "${entry.slice(0, 60)}": expected name=value`, { parameter: entry.slice(0, 60) })
    const given = entry.slice(0, at).trim()
    const name = ALIASES[given] ?? given
    if (!allowed.includes(name)) throw invalid(given, `unknown parameter; accepted: ${allowed.join(', ')}`)
    if (values.has(name)) throw invalid(given, 'given more than once')
    // The body guard saw the entry as written; a quoted value's JSON escapes (`"walk\u0000"`) are decoded only here.
    const value = unquote(entry.slice(at + 1))
    const problem = textProblem(value, DEFAULT_TEXT_LIMITS.bodyString)
    if (problem !== undefined) throw invalid(given, problem)
    values.set(name, value)
  }
  return values
}

export function number (name: string, raw: string, min: number, max: number, unit = ''): number {
  const value = raw.trim() === '' ? NaN : Number(raw)
  if (!Number.isFinite(value) || value < min || value > max) throw invalid(name, `expected a number from ${min} to ${max}${unit}, got "${raw}"`)
  return value
}

/** An integer; `2.0` and `2.4` are 2 (SayMotion clients send counts and frames as floats). */
export function integer (name: string, raw: string | number, min: number, max: number): number {
  const value = typeof raw === 'number' ? raw : (raw.trim() === '' ? NaN : Number(raw))
  if (!Number.isFinite(value)) throw invalid(name, `expected an integer from ${min} to ${max}, got "${String(raw)}"`)
  const rounded = Math.sign(value) * Math.round(Math.abs(value))
  if (rounded < min || rounded > max) throw invalid(name, `expected an integer from ${min} to ${max}, got ${value}`)
  return rounded
}

/** 0 or 1, also written 0.0 / 1.0. */
export function flag (name: string, raw: string | number): boolean {
  const value = typeof raw === 'number' ? raw : Number(raw)
  if (value === 1 && String(raw).trim() !== '') return true
  if (value === 0 && String(raw).trim() !== '') return false
  throw invalid(name, `expected 0 or 1, got "${String(raw)}"`)
}

export function json (name: string, raw: string): Record<string, unknown> {
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch { /* reported below */ }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw errors.BAD_GENERATION_PARAMETERS(`${name}: expected a JSON object`, { parameter: name })
  }
  // Like a quoted value, the object's strings are decoded only here: they are held to what a store can hold too.
  const hostile = findHostileInput({ body: value })
  if (hostile !== undefined) throw invalid(name, hostile.field === 'body' ? hostile.problem : `${hostile.field.slice('body/'.length)} ${hostile.problem}`)
  return value as Record<string, unknown>
}

export function text (name: string, value: unknown, max = 1000): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalid(name, 'required text')
  if (value.length > max) throw invalid(name, `at most ${max} characters`)
  return value
}

/** A JSON field given as a number or a numeric string. */
export function numericField (name: string, value: unknown): number | string {
  if (typeof value === 'number' || typeof value === 'string') return value
  throw invalid(name, 'expected a number')
}
