// Keyset pages: fetch one row more than asked to know whether a next page exists.
import { decodeCursor, encodeCursor } from '../domain/cursor.js'
import { errors } from '../errors.js'

export function cursorId (cursor: string | undefined): string | undefined {
  if (cursor === undefined) return undefined
  const id = decodeCursor(cursor)
  if (id === undefined) throw errors.RELAY_INVALID_CURSOR()
  return id
}

export function page<T extends { id: string }, B> (rows: T[], limit: number, present: (row: T) => B): { data: B[], nextCursor: string | null } {
  const visible = rows.slice(0, limit)
  const last = visible.at(-1)
  return { data: visible.map(present), nextCursor: rows.length > limit && last !== undefined ? encodeCursor(last.id) : null }
}
