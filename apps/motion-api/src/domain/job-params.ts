// Parses the spec's `params: ["name=value", ...]` into a typed job request, with the public SayMotion API's
// additions (motion-api-public-extensions.md). Every rule names the parameter it rejects: unknown names,
// duplicates, malformed pairs and out-of-range values are 1102; JSON parameters that do not parse are 502
// (the spec's "error parsing motion generation parameters").
import { Type, type Static } from '@openmotion/common'
import { DEFAULT_OPTIONS, isFootLockingMode, FOOT_LOCKING_MODES, MotionOptionsSchema, POSE_FILTERING_LIMITS } from '@openmotion/motion-engine'
import { parseLoopRequest, parseRefineRequest, parseRerunRequest, type LoopSpec, type RefineSpec } from './derived-requests.js'
import { flag, integer, invalid, json, number, numericField, splitParams, text } from './param-values.js'

export const BACKDROPS_2D = ['Checker_Cloudscape', 'Golden_Age_Glitz', 'Inferno_Stage', 'Jungle_Grove', 'Mystic_Brick', 'Mystic_Concrete',
  'Rainbow_Spotlight', 'Red_Carpet', 'Retro_Revue', 'Sakura_Dreamscape', 'Spotlit_Stage', 'Timbered_Retreat', 'Urban_Rooftop'] as const

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
type Derived = { lineage?: SourceRef, overrides?: Partial<MotionSettings> }
export type Text2MotionRequest = Derived &
  (
    | { processor: 'text2motion', mode: 'generate', prompt: string, settings: MotionSettings }
    | {
      processor: 'text2motion'
      mode: 'inpaint'
      source: SourceRef
      edit: EditRequest
      inpaint: { prompt: string, intervals: { start: number, end: number }[] }
      settings: MotionSettings
    }
    | {
      processor: 'text2motion'
      mode: 'merge'
      source: SourceRef
      edit: EditRequest
      merge: { source: SourceRef, edit: EditRequest, prompt: string, blendDuration: number }
      settings: MotionSettings
    }
    | { processor: 'text2motion', mode: 'loop', source: SourceRef | undefined, prompt: string | undefined, loop: LoopSpec, settings: MotionSettings }
    | { processor: 'text2motion', mode: 'refine', source: SourceRef, refine: RefineSpec, settings: MotionSettings }
    | { processor: 'text2motion', mode: 'rerun', source: SourceRef, prompt: string | undefined, overrides: Partial<MotionSettings>, settings: MotionSettings }
  )

/** A text2motion request as stored and run: a rerun is resolved to the request it repeats before it is stored. */
export type StoredText2Motion = Exclude<Text2MotionRequest, { mode: 'rerun' }>

export interface RenderRequest {
  processor: 'render'
  source: SourceRef
  bgColor: [number, number, number] | undefined
  backdrop: 'studio' | typeof BACKDROPS_2D[number] | undefined
  shadow: boolean
  camMode: 0 | 1 | 2
  camHorizontalAngle: number
}

export type JobRequest = Text2MotionRequest | RenderRequest

export const TEXT2MOTION_PARAMS = [
  'prompt',
  'model',
  'dis',
  'footLockingMode',
  'poseFilteringStrength',
  'rootAtOrigin',
  'skipFBX',
  'numVariant',
  'requestedAnimationDuration',
  't2m_rid',
  'variant_id',
  'editRequest',
  'inPaintingRequest',
  'mergingRequest',
  'rerunRequest',
  'loopRequest',
  'refineRequest'
] as const
export const RENDER_PARAMS = ['t2m_rid', 'variant_id', 'bgColor', 'backdrop', 'shadow', 'camMode', 'camHorizontalAngle'] as const
const DERIVING = ['inPaintingRequest', 'mergingRequest', 'rerunRequest', 'loopRequest', 'refineRequest'] as const

function editRequest (name: string, value: unknown): EditRequest {
  if (value === undefined) return { numTrimLeft: 0, numTrimRight: 0 }
  const edit = typeof value === 'string' ? json(name, value) : value as Record<string, unknown>
  const trim = (key: string) => integer(`${name}.${key}`, numericField(`${name}.${key}`, edit[key] ?? 0), 0, 100_000)
  return { numTrimLeft: trim('numTrimLeft'), numTrimRight: trim('numTrimRight') }
}

function source (values: Map<string, string>, ridName = 't2m_rid', variantName = 'variant_id'): SourceRef {
  const rid = values.get(ridName)
  const variantId = values.get(variantName)
  if (rid === undefined || rid === '') throw invalid(ridName, 'required')
  if (variantId === undefined || variantId === '') throw invalid(variantName, 'required')
  return { rid, variantId: String(integer(variantName, variantId, 1, 1000)) }
}

/** The regular settings, and which of them the client gave (a rerun keeps the earlier job's value for the others). */
function parseSettings (values: Map<string, string>, maxVariants: number): { settings: MotionSettings, explicit: Partial<MotionSettings> } {
  const explicit: Partial<MotionSettings> = {}
  const model = values.get('model')
  if (model !== undefined) {
    if (model === '') throw invalid('model', 'required (a model id from /character/v1/listModels)')
    explicit.model = model
  }
  const dis = values.get('dis')
  if (dis !== undefined) {
    if (dis !== 's') throw invalid('dis', `only "s" (simulation off) is accepted, got "${dis}"`)
    explicit.simulation = false
  }
  const footLockingMode = values.get('footLockingMode')
  if (footLockingMode !== undefined) {
    if (!isFootLockingMode(footLockingMode)) throw invalid('footLockingMode', `expected ${FOOT_LOCKING_MODES.join(', ')}`)
    explicit.footLockingMode = footLockingMode
  }
  const strength = values.get('poseFilteringStrength')
  if (strength !== undefined) explicit.poseFilteringStrength = number('poseFilteringStrength', strength, POSE_FILTERING_LIMITS.min, POSE_FILTERING_LIMITS.max)
  const rootAtOrigin = values.get('rootAtOrigin')
  if (rootAtOrigin !== undefined) explicit.rootAtOrigin = flag('rootAtOrigin', rootAtOrigin)
  const skipFBX = values.get('skipFBX')
  if (skipFBX !== undefined) explicit.skipFBX = flag('skipFBX', skipFBX)
  const variants = values.get('numVariant')
  if (variants !== undefined) {
    const cap = Math.min(MAX_VARIANTS, maxVariants)
    const n = integer('numVariant', variants, 1, MAX_VARIANTS)
    if (n > cap) throw invalid('numVariant', `${n} is more than your plan's maxVariantsGeneration (${cap})`)
    explicit.numVariants = n
  }
  const duration = values.get('requestedAnimationDuration')
  if (duration !== undefined) explicit.durationSeconds = number('requestedAnimationDuration', duration, DURATION_LIMITS.min, DURATION_LIMITS.max, ' seconds')
  const settings: MotionSettings = {
    ...DEFAULT_OPTIONS,
    model: '',
    skipFBX: false,
    numVariants: 1,
    ...explicit
  }
  return { settings, explicit }
}

export function parseText2Motion (params: string[], maxVariants: number): Text2MotionRequest {
  const values = splitParams(params, TEXT2MOTION_PARAMS)
  const { settings, explicit } = parseSettings(values, maxVariants)
  const given = DERIVING.filter((name) => values.has(name))
  if (given.length > 1) throw invalid(given[1]!, `cannot be combined with ${given[0]!}`)
  const kind = given[0]
  if (kind === 'rerunRequest') {
    parseRerunRequest(values.get('rerunRequest')!)
    const prompt = values.get('prompt')
    return {
      processor: 'text2motion',
      mode: 'rerun',
      source: source(values),
      prompt: prompt === undefined ? undefined : text('prompt', prompt),
      overrides: explicit,
      settings
    }
  }
  // A job made from an earlier one takes that job's model (and settings) when none is given, as SayMotion clients
  // expect: they send inpainting, merging, loop and refine requests without `model`.
  const fromSource = kind === 'inPaintingRequest' || kind === 'mergingRequest' || kind === 'refineRequest' || (kind === 'loopRequest' && values.has('t2m_rid'))
  if (settings.model === '' && !fromSource) throw invalid('model', 'required (a model id from /character/v1/listModels)')
  const overrides = fromSource ? { overrides: explicit } : {}
  const noDuration = (mode: string) => {
    if (settings.durationSeconds !== undefined) { throw invalid('requestedAnimationDuration', `not used with ${mode}: the length comes from the earlier animation`) }
  }
  if (kind === 'inPaintingRequest') {
    noDuration('inPaintingRequest')
    const request = json('inPaintingRequest', values.get('inPaintingRequest')!)
    const intervals = request.intervals
    if (!Array.isArray(intervals) || intervals.length === 0) throw invalid('inPaintingRequest', 'intervals must be a non-empty array of { start, end }')
    const parsed = intervals.map((interval: unknown) => {
      const { start, end } = (interval ?? {}) as { start?: unknown, end?: unknown }
      const s = integer('inPaintingRequest.intervals.start', numericField('inPaintingRequest.intervals.start', start), 0, 1_000_000)
      const e = integer('inPaintingRequest.intervals.end', numericField('inPaintingRequest.intervals.end', end), 0, 1_000_000)
      if (e <= s) throw invalid('inPaintingRequest', 'each interval needs frames 0 <= start < end')
      return { start: s, end: e }
    })
    return {
      processor: 'text2motion',
      mode: 'inpaint',
      source: source(values),
      edit: editRequest('editRequest', values.get('editRequest')),
      inpaint: { prompt: text('inPaintingRequest.prompt', request.prompt), intervals: parsed },
      settings,
      ...overrides
    }
  }
  if (kind === 'mergingRequest') {
    noDuration('mergingRequest')
    const request = json('mergingRequest', values.get('mergingRequest')!)
    const blendDuration = request.blendDuration ?? 0.5
    if (typeof blendDuration !== 'number' || !(blendDuration >= 0 && blendDuration <= 10)) { throw invalid('mergingRequest', 'blendDuration must be a number of seconds from 0 to 10') }
    const mergedSource = { rid: text('mergingRequest.t2m_rid', request.t2m_rid, 64), variantId: String(request.variant_id ?? '') }
    if (mergedSource.variantId === '') throw invalid('mergingRequest', 'variant_id is required')
    mergedSource.variantId = String(integer('mergingRequest.variant_id', mergedSource.variantId, 1, 1000))
    return {
      processor: 'text2motion',
      mode: 'merge',
      source: source(values),
      edit: editRequest('editRequest', values.get('editRequest')),
      merge: {
        source: mergedSource,
        edit: editRequest('mergingRequest.editRequest', request.editRequest),
        prompt: text('mergingRequest.prompt', request.prompt),
        blendDuration
      },
      settings,
      ...overrides
    }
  }
  if (kind === 'loopRequest') {
    const { loop, prompt } = parseLoopRequest(values.get('loopRequest')!)
    if (values.has('t2m_rid')) {
      if (settings.numVariants > 1) { throw invalid('numVariant', 'a loop of an earlier variant has one variant; give loopRequest.prompt instead of t2m_rid for several') }
      return { processor: 'text2motion', mode: 'loop', source: source(values), prompt: undefined, loop, settings, ...overrides }
    }
    return { processor: 'text2motion', mode: 'loop', source: undefined, prompt: prompt ?? text('prompt', values.get('prompt')), loop, settings }
  }
  if (kind === 'refineRequest') {
    const refine = parseRefineRequest(values.get('refineRequest')!)
    return {
      processor: 'text2motion',
      mode: 'refine',
      source: source(values),
      refine: { ...refine, prompt: refine.prompt ?? values.get('prompt') },
      settings,
      ...overrides
    }
  }
  if (values.has('t2m_rid') || values.has('editRequest')) { throw invalid('t2m_rid', 'only used with inPaintingRequest, mergingRequest, rerunRequest, loopRequest or refineRequest') }
  return { processor: 'text2motion', mode: 'generate', prompt: text('prompt', values.get('prompt')), settings }
}

export function parseRender (params: string[]): RenderRequest {
  const values = splitParams(params, RENDER_PARAMS)
  const rawColor = values.get('bgColor')
  let bgColor: RenderRequest['bgColor']
  if (rawColor !== undefined) {
    const parts = rawColor.split(',')
    if (parts.length !== 4 && parts.length !== 3) throw invalid('bgColor', 'expected R,G,B,A with each channel 0 to 255')
    const channels = parts.map((part) => integer('bgColor', part, 0, 255))
    bgColor = [channels[0]!, channels[1]!, channels[2]!]
  }
  const backdrop = values.get('backdrop')
  if (backdrop !== undefined && backdrop !== 'studio' && !(BACKDROPS_2D as readonly string[]).includes(backdrop)) {
    throw invalid('backdrop', `expected studio or one of ${BACKDROPS_2D.join(', ')}`)
  }
  const shadow = values.get('shadow')
  const rawAngle = values.get('camHorizontalAngle') ?? '0'
  const camHorizontalAngle = Number(rawAngle)
  if (rawAngle.trim() === '' || !Number.isFinite(camHorizontalAngle) || camHorizontalAngle < -90 || camHorizontalAngle > 90) {
    throw invalid('camHorizontalAngle', `expected degrees from -90 to 90, got "${rawAngle}"`)
  }
  return {
    processor: 'render',
    source: source(values),
    bgColor,
    backdrop: backdrop as RenderRequest['backdrop'],
    shadow: shadow === undefined ? false : flag('shadow', shadow),
    camMode: integer('camMode', values.get('camMode') ?? '0', 0, 2) as 0 | 1 | 2,
    camHorizontalAngle
  }
}
