// The Content-Range forms of a resumable upload (the Google Cloud Storage protocol the spec's
// `x-storage-resumable` header comes from): `bytes a-b/total`, `bytes a-b/*` (total not yet known) and
// `bytes */total` (a status query: "how much has arrived?").
import { errors } from '../errors.js'

export interface ContentRange { chunk?: { start: number, end: number }, total?: number }

export function parseContentRange (header: string): ContentRange {
  const match = /^bytes (?:(\d+)-(\d+)|\*)\/(\d+|\*)$/.exec(header.trim())
  if (match === null) { throw errors.INVALID_PARAMETER('Content-Range must be "bytes <first>-<last>/<total|*>" or "bytes */<total>"', { parameter: 'content-range' }) }
  const total = match[3] === '*' ? undefined : Number(match[3])
  if (match[1] === undefined) return { total }
  const start = Number(match[1]); const end = Number(match[2])
  if (end < start || (total !== undefined && end >= total)) { throw errors.INVALID_PARAMETER(`Content-Range ${header} is not a valid byte range`, { parameter: 'content-range' }) }
  return { chunk: { start, end }, total }
}
