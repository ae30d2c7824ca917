// What every kind of text2motion job shares, and the contract each kind (modes/<mode>.ts) fulfils: how its
// parameters parse, which earlier variants it reads, the prompt it was made from, and how its clip is made.
import type { MotionClip, MotionOptions } from '@openmotion/motion-engine'
import { Type, type Static } from '@openmotion/common'
import { MotionOptionsSchema } from '@openmotion/motion-engine'
import { integer, invalid, json, numericField } from '../param-values.js'
import type { BlobStore, MotionPipeline, StepContext } from '../ports.js'
import { deserializeClip } from './clip-bytes.js'

export interface EditRequest { numTrimLeft: number, numTrimRight: number }
export interface SourceRef { rid: string, variantId: string }

/** Bounds of requestedAnimationDuration, seconds (README: "Coming from SayMotion"). */
export const DURATION_LIMITS = { min: 0.5, max: 60 } as const
/** numVariant's upper bound before the plan's maxVariantsGeneration applies (the public API's 1–8). */
export const MAX_VARIANTS = 8

/** The engine's options (its own schema) and what the API adds around a generation; stored with each job. */
export const MotionSettingsSchema = Type.Composite([MotionOptionsSchema, Type.Object({
  model: Type.String(),
  skipFBX: Type.Boolean(),
  numVariants: Type.Integer({ minimum: 1, maximum: MAX_VARIANTS }),
  /** requestedAnimationDuration, seconds; absent lets the engine pick the natural length. */
  durationSeconds: Type.Optional(Type.Number({ minimum: DURATION_LIMITS.min, maximum: DURATION_LIMITS.max }))
})])
export type MotionSettings = Static<typeof MotionSettingsSchema>

/**
 * `lineage`: the earlier job and variant a rerun was made from. `overrides`: the settings the client gave to a job
 * derived from an earlier one; the others come from that job (derived-jobs.ts), and the field is gone once resolved.
 */
export interface Derived { lineage?: SourceRef, overrides?: Partial<MotionSettings> }

/** A job's parameters (name → raw value) and the settings parsed from them, as a mode's parser receives them. */
export interface ParseInput {
  values: Map<string, string>
  settings: MotionSettings
  /** `{ overrides }` (the settings the client gave) for a job made from an earlier one; else empty. */
  overrides: Pick<Derived, 'overrides'>
}

export interface VariantInput { pipeline: MotionPipeline, blobs: BlobStore, seed: number, variant: number, options: MotionOptions, context: StepContext }

/** One kind of stored text2motion job. */
export interface MotionMode<R> {
  /** The JSON parameter that asks for this mode; none for a plain generation. */
  parameter?: 'inPaintingRequest' | 'mergingRequest' | 'loopRequest' | 'refineRequest'
  /** How the mode is named in messages about requestedAnimationDuration, when the source fixes its length. */
  fixedLength?: string
  /** Whether these parameters make a job from an earlier variant (which lends its model and settings). */
  fromSource: (values: Map<string, string>) => boolean
  parse: (input: ParseInput) => R
  /** The earlier variants the job reads, with the parameter naming each; the first is the job it derives from. */
  sources: (request: R) => Array<{ ref: SourceRef, parameter: string }>
  /** Whether a stored request must name a source (checked when a worker reads the row back). */
  needsSource: boolean
  /** The text the job's motion follows, when it has its own. */
  prompt: (request: R) => string | undefined
  /** The request with the prompt of an earlier job (a rerun's new prompt, a refine's inherited one). */
  withPrompt: (request: R, prompt: string) => R
  clip: (request: R, input: VariantInput) => Promise<MotionClip>
}

export function sourceParam (values: Map<string, string>, ridName = 't2m_rid', variantName = 'variant_id'): SourceRef {
  const rid = values.get(ridName)
  const variantId = values.get(variantName)
  if (rid === undefined || rid === '') throw invalid(ridName, 'required')
  if (variantId === undefined || variantId === '') throw invalid(variantName, 'required')
  return { rid, variantId: String(integer(variantName, variantId, 1, 1000)) }
}

/** The `sources` entry of the job a request was made from (named by t2m_rid and variant_id); none without one. */
export function sourceJob (ref: SourceRef | undefined): Array<{ ref: SourceRef, parameter: string }> {
  return ref === undefined ? [] : [{ ref, parameter: 't2m_rid' }]
}

export function editRequest (name: string, value: unknown): EditRequest {
  if (value === undefined) return { numTrimLeft: 0, numTrimRight: 0 }
  const edit = typeof value === 'string' ? json(name, value) : value as Record<string, unknown>
  const trim = (key: string) => integer(`${name}.${key}`, numericField(`${name}.${key}`, edit[key] ?? 0), 0, 100_000)
  return { numTrimLeft: trim('numTrimLeft'), numTrimRight: trim('numTrimRight') }
}

/** Refuses fields of a JSON parameter outside `allowed`, naming them. */
export function checkKeys (name: string, request: Record<string, unknown>, allowed: string[]): void {
  const unknown = Object.keys(request).find((key) => !allowed.includes(key))
  if (unknown !== undefined) throw invalid(name, `unknown field ${unknown}; accepted: ${allowed.join(', ')}`)
}

/** requestedAnimationDuration is refused where the earlier animation sets the length. */
export function noDuration (settings: MotionSettings, parameter: string): void {
  if (settings.durationSeconds !== undefined) { throw invalid('requestedAnimationDuration', `not used with ${parameter}: the length comes from the earlier animation`) }
}

/** Where a variant's clip is kept for jobs made from it later. */
export function clipKey (rid: string, variantId: string): string {
  return `jobs/${rid}/v${variantId}/clip.json`
}

export async function loadVariantClip (blobs: BlobStore, source: SourceRef): Promise<MotionClip> {
  return deserializeClip(await blobs.readAll(clipKey(source.rid, source.variantId)))
}

/** The clip made to last requestedAnimationDuration, when the job gives one. */
export async function fitted (input: VariantInput, clip: MotionClip, seconds: number | undefined): Promise<MotionClip> {
  if (seconds === undefined) return clip
  return await input.pipeline.fitDuration(clip, seconds, input.seed, input.variant, input.options, input.context)
}
