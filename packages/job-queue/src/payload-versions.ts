// Every queued payload says which shape it has (`v`), so processes of two releases can share a queue during a
// rolling upgrade: a process writes the current version and reads each earlier one it lists, and leaves a version
// it does not know to a process that does. A payload written before the field existed has no `v` and is version 0.
// Each version is a TypeBox schema with a reader to the current job: a new field is a new schema (or an optional
// property of the current one), never a change to an old one.
import type { Static, TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'

/** One readable shape: its schema and how a payload of it becomes the current job. */
export interface PayloadVersion<T> {
  schema: TSchema
  read: (payload: never) => T
}

/** Pairs a schema with its reader so the reader's argument is typed by the schema. */
export function payloadVersion<S extends TSchema, T> (schema: S, read: (payload: Static<S>) => T): PayloadVersion<T> {
  return { schema, read: read as (payload: never) => T }
}

export type DecodedPayload<T> =
  | { kind: 'job', job: T, version: number }
  /** A version this process does not read (written by a newer release): another process should take it. */
  | { kind: 'unknown-version', version: number }
  /** A known version whose payload does not match its schema: no process can read it. */
  | { kind: 'malformed', version: number, problem: string }

export interface PayloadCodec<T> {
  /** What the queue calls this payload in log lines (`delivery job`, `motion job`). */
  readonly name: string
  readonly current: number
  encode (job: T): unknown
  decode (payload: unknown): DecodedPayload<T>
}

export interface PayloadCodecOptions<T> {
  name: string
  /** The version `encode` writes; must be one of `versions`. */
  current: number
  /** Every version this process reads, by number (0: the payload without `v`). */
  versions: Readonly<Record<number, PayloadVersion<T>>>
  /** The current version's payload of a job, without `v` (added here). */
  write: (job: T) => object
}

function versionOf (payload: unknown): number | undefined {
  if (typeof payload !== 'object' || payload === null || !('v' in payload)) return 0
  const v = (payload as { v: unknown }).v
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined
}

export function createPayloadCodec<T> (options: PayloadCodecOptions<T>): PayloadCodec<T> {
  if (options.versions[options.current] === undefined) throw new TypeError(`${options.name}: the current version ${options.current} has no schema`)
  return {
    name: options.name,
    current: options.current,
    encode: (job) => ({ v: options.current, ...options.write(job) }),
    decode (payload) {
      const version = versionOf(payload)
      if (version === undefined) return { kind: 'malformed', version: -1, problem: '`v` is not a version number' }
      const known = options.versions[version]
      if (known === undefined) return { kind: 'unknown-version', version }
      if (!Value.Check(known.schema, payload)) {
        const first = Value.Errors(known.schema, payload).First()
        return { kind: 'malformed', version, problem: first === undefined ? 'does not match' : `${first.path || '/'}: ${first.message}` }
      }
      return { kind: 'job', job: known.read(payload as never), version }
    }
  }
}
