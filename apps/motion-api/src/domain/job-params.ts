// Parses the spec's `params: ["name=value", ...]` into a typed job request, with the public SayMotion API's
// additions (motion-api-public-extensions.md). Every rule names the parameter it rejects: unknown names,
// duplicates, malformed pairs and out-of-range values are 1102; JSON parameters that do not parse are 502
// (the spec's "error parsing motion generation parameters").
import { DEFAULT_OPTIONS, isFootLockingMode, FOOT_LOCKING_MODES, POSE_FILTERING_LIMITS } from '@openmotion/motion-engine'
import { DURATION_LIMITS, MAX_VARIANTS, sourceParam, type MotionSettings, type SourceRef } from './modes/motion-mode.js'
import { parseRerun, type RerunRequest } from './modes/rerun.js'
import { parserOf, type StoredText2Motion } from './modes/stored-modes.js'
import { flag, integer, invalid, number, splitParams } from './param-values.js'

export const BACKDROPS_2D = ['Checker_Cloudscape', 'Golden_Age_Glitz', 'Inferno_Stage', 'Jungle_Grove', 'Mystic_Brick', 'Mystic_Concrete',
  'Rainbow_Spotlight', 'Red_Carpet', 'Retro_Revue', 'Sakura_Dreamscape', 'Spotlit_Stage', 'Timbered_Retreat', 'Urban_Rooftop'] as const

/** What the client asked for: one of the stored modes, or a rerun of an earlier job (resolved before storing). */
export type Text2MotionRequest = StoredText2Motion | RerunRequest

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
  if (kind === 'rerunRequest') return parseRerun(values, settings, explicit)
  const mode = parserOf(kind)
  // A job made from an earlier one takes that job's model (and settings) when none is given, as SayMotion clients
  // expect: they send inpainting, merging, loop and refine requests without `model`.
  const fromSource = mode.fromSource(values)
  if (settings.model === '' && !fromSource) throw invalid('model', 'required (a model id from /character/v1/listModels)')
  return mode.parse({ values, settings, overrides: fromSource ? { overrides: explicit } : {} })
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
    source: sourceParam(values),
    bgColor,
    backdrop: backdrop as RenderRequest['backdrop'],
    shadow: shadow === undefined ? false : flag('shadow', shadow),
    camMode: integer('camMode', values.get('camMode') ?? '0', 0, 2) as 0 | 1 | 2,
    camHorizontalAngle
  }
}
