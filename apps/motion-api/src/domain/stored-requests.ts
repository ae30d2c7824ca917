// A job's request is parsed and validated when it is submitted, then stored as JSON; a worker (possibly of
// another release) reads it back. It is checked again here against the same schemas, so a row written by an
// older version, or edited by hand, fails its job with 502 and a message naming the field instead of reaching
// the engine.
import { Value } from '@sinclair/typebox/value'
import { errors } from '../errors.js'
import { BACKDROPS_2D, type RenderRequest } from './job-params.js'
import { MotionSettingsSchema } from './modes/motion-mode.js'
import { modeOf, STORED_MODES, type StoredText2Motion } from './modes/stored-modes.js'
import type { Job } from './records.js'

function unreadable (job: Job, problem: string): Error {
  return errors.BAD_GENERATION_PARAMETERS(`The stored request of ${job.rid} cannot be run by this version: ${problem}`)
}

function isSource (value: unknown): boolean {
  const source = value as { rid?: unknown, variantId?: unknown } | undefined
  return typeof source?.rid === 'string' && typeof source.variantId === 'string'
}

export function storedText2Motion (job: Job): StoredText2Motion {
  const request = job.request as Partial<StoredText2Motion>
  if (request.processor !== 'text2motion' || !(STORED_MODES as string[]).includes(request.mode ?? '')) throw unreadable(job, `mode ${String(request.mode)}`)
  const problem = Value.Errors(MotionSettingsSchema, request.settings).First()
  if (problem !== undefined) throw unreadable(job, `settings${problem.path} ${problem.message}`)
  const stored = request as StoredText2Motion
  if (modeOf(stored).needsSource && !isSource((request as { source?: unknown }).source)) throw unreadable(job, 'source')
  return stored
}

export function storedRender (job: Job): RenderRequest {
  const request = job.request as Partial<RenderRequest>
  if (request.processor !== 'render' || !isSource(request.source)) throw unreadable(job, 'source')
  if (![0, 1, 2].includes(request.camMode as number)) throw unreadable(job, `camMode ${String(request.camMode)}`)
  if (request.backdrop !== undefined && request.backdrop !== 'studio' && !(BACKDROPS_2D as readonly string[]).includes(request.backdrop)) {
    throw unreadable(job, `backdrop ${String(request.backdrop)}`)
  }
  return request as RenderRequest
}
