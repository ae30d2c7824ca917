// A `since` query parameter as a Date. The schema's date-time format admits RFC 3339 leap seconds
// (23:59:60), which JavaScript cannot represent: an Invalid Date would otherwise reach the store as a 500.
import { errors } from '../errors.js'

export function dateParam (text: string | undefined, field: string): Date | undefined {
  if (text === undefined) return undefined
  const date = new Date(text)
  if (Number.isNaN(date.getTime())) throw errors.RELAY_VALIDATION(`${field} must be a date-time JavaScript can represent (no leap second)`, { field })
  return date
}
