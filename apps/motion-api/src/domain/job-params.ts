// Parses the spec's `params: ["name=value", ...]` into a typed job request. Every rule names the parameter
// it rejects: unknown names, duplicates, malformed pairs and out-of-range values are 1102; JSON parameters
// that do not parse are 502 (the spec's "error parsing motion generation parameters").
import { errors } from '../errors.js'

export const BACKDROPS_2D = ['Checker_Cloudscape', 'Golden_Age_Glitz', 'Inferno_Stage', 'Jungle_Grove', 'Mystic_Brick', 'Mystic_Concrete',
  'Rainbow_Spotlight', 'Red_Carpet', 'Retro_Revue', 'Sakura_Dreamscape', 'Spotlit_Stage', 'Timbered_Retreat', 'Urban_Rooftop'] as const

export type FootLockingMode = 'auto' | 'always' | 'never' | 'grounding'
export interface EditRequest { numTrimLeft: number, numTrimRight: number }
export interface SourceRef { rid: string, variantId: string }

export interface MotionSettings {
  model: string
  simulation: boolean
  footLockingMode: FootLockingMode
  poseFilteringStrength: number
  rootAtOrigin: boolean
  skipFBX: boolean
  numVariants: number
}

export type Text2MotionRequest =
  | { processor: 'text2motion', mode: 'generate', prompt: string, settings: MotionSettings }
  | { processor: 'text2motion', mode: 'inpaint', source: SourceRef, edit: EditRequest, inpaint: { prompt: string, intervals: { start: number, end: number }[] }, settings: MotionSettings }
  | { processor: 'text2motion', mode: 'merge', source: SourceRef, edit: EditRequest, merge: { source: SourceRef, edit: EditRequest, prompt: string, blendDuration: number }, settings: MotionSettings }

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

const TEXT2MOTION_PARAMS = ['prompt', 'model', 'dis', 'footLockingMode', 'poseFilteringStrength', 'rootAtOrigin', 'skipFBX', 'numVariants',
  't2m_rid', 'variant_id', 'editRequest', 'inPaintingRequest', 'mergingRequest']
const RENDER_PARAMS = ['t2m_rid', 'variant_id', 'bgColor', 'backdrop', 'shadow', 'camMode', 'camHorizontalAngle']

function invalid (name: string, message: string): Error {
  return errors.INVALID_PARAMETER(`${name}: ${message}`, { parameter: name })
}

export function splitParams (params: string[], allowed: string[]): Map<string, string> {
  const values = new Map<string, string>()
  for (const entry of params) {
    const at = entry.indexOf('=')
    if (at <= 0) throw errors.INVALID_PARAMETER(`Malformed parameter "${entry.slice(0, 60)}": expected name=value`, { parameter: entry.slice(0, 60) })
    const name = entry.slice(0, at)
    if (!allowed.includes(name)) throw invalid(name, `unknown parameter; accepted: ${allowed.join(', ')}`)
    if (values.has(name)) throw invalid(name, 'given more than once')
    values.set(name, entry.slice(at + 1))
  }
  return values
}

function integer (name: string, raw: string, min: number, max: number): number {
  if (!/^-?\d+$/.test(raw.trim())) throw invalid(name, `expected an integer from ${min} to ${max}, got "${raw}"`)
  const value = Number(raw)
  if (value < min || value > max) throw invalid(name, `expected an integer from ${min} to ${max}, got ${value}`)
  return value
}

function flag (name: string, raw: string): boolean {
  if (raw === '1') return true
  if (raw === '0') return false
  throw invalid(name, `expected 0 or 1, got "${raw}"`)
}

function json (name: string, raw: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw)
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>
  } catch { /* reported below */ }
  throw errors.BAD_GENERATION_PARAMETERS(`${name}: expected a JSON object`, { parameter: name })
}

function editRequest (name: string, value: unknown): EditRequest {
  if (value === undefined) return { numTrimLeft: 0, numTrimRight: 0 }
  const edit = typeof value === 'string' ? json(name, value) : value as Record<string, unknown>
  const trim = (key: string) => {
    const n = edit[key] ?? 0
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) throw invalid(name, `${key} must be a non-negative integer frame count`)
    return n
  }
  return { numTrimLeft: trim('numTrimLeft'), numTrimRight: trim('numTrimRight') }
}

function source (values: Map<string, string>, ridName = 't2m_rid', variantName = 'variant_id'): SourceRef {
  const rid = values.get(ridName)
  const variantId = values.get(variantName)
  if (rid === undefined || rid === '') throw invalid(ridName, 'required')
  if (variantId === undefined || variantId === '') throw invalid(variantName, 'required')
  return { rid, variantId }
}

function text (name: string, value: unknown, max = 1000): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalid(name, 'required text')
  if (value.length > max) throw invalid(name, `at most ${max} characters`)
  return value
}

export function parseText2Motion (params: string[], maxVariants: number): Text2MotionRequest {
  const values = splitParams(params, TEXT2MOTION_PARAMS)
  const model = values.get('model')
  if (model === undefined || model === '') throw invalid('model', 'required (a model id from /character/v1/listModels)')
  const dis = values.get('dis')
  if (dis !== undefined && dis !== 's') throw invalid('dis', `only "s" (simulation off) is accepted, got "${dis}"`)
  const footLockingMode = values.get('footLockingMode') ?? 'auto'
  if (!['auto', 'always', 'never', 'grounding'].includes(footLockingMode)) throw invalid('footLockingMode', 'expected auto, always, never or grounding')
  const rawStrength = values.get('poseFilteringStrength') ?? '0'
  const poseFilteringStrength = Number(rawStrength)
  if (rawStrength.trim() === '' || !Number.isFinite(poseFilteringStrength) || poseFilteringStrength < 0 || poseFilteringStrength > 1) {
    throw invalid('poseFilteringStrength', `expected a number from 0.0 to 1.0, got "${rawStrength}"`)
  }
  const skipFBX = values.get('skipFBX')
  if (skipFBX !== undefined && skipFBX !== '1' && skipFBX !== '0') throw invalid('skipFBX', 'expected 1')
  const settings: MotionSettings = {
    model,
    simulation: dis !== 's',
    footLockingMode: footLockingMode as FootLockingMode,
    poseFilteringStrength,
    rootAtOrigin: flag('rootAtOrigin', values.get('rootAtOrigin') ?? '0'),
    skipFBX: skipFBX === '1',
    numVariants: integer('numVariants', values.get('numVariants') ?? '1', 1, maxVariants)
  }
  const inpainting = values.get('inPaintingRequest')
  const merging = values.get('mergingRequest')
  if (inpainting !== undefined && merging !== undefined) throw invalid('mergingRequest', 'cannot be combined with inPaintingRequest')
  if (inpainting !== undefined) {
    const request = json('inPaintingRequest', inpainting)
    const intervals = request.intervals
    if (!Array.isArray(intervals) || intervals.length === 0) throw invalid('inPaintingRequest', 'intervals must be a non-empty array of { start, end }')
    const parsed = intervals.map((interval: unknown) => {
      const { start, end } = (interval ?? {}) as { start?: unknown, end?: unknown }
      if (!Number.isInteger(start) || !Number.isInteger(end) || (start as number) < 0 || (end as number) <= (start as number)) {
        throw invalid('inPaintingRequest', 'each interval needs integer frames 0 <= start < end')
      }
      return { start: start as number, end: end as number }
    })
    return { processor: 'text2motion', mode: 'inpaint', source: source(values), edit: editRequest('editRequest', values.get('editRequest')), inpaint: { prompt: text('inPaintingRequest.prompt', request.prompt), intervals: parsed }, settings }
  }
  if (merging !== undefined) {
    const request = json('mergingRequest', merging)
    const blendDuration = request.blendDuration ?? 0.5
    if (typeof blendDuration !== 'number' || !(blendDuration >= 0 && blendDuration <= 10)) throw invalid('mergingRequest', 'blendDuration must be a number of seconds from 0 to 10')
    const mergedSource = { rid: text('mergingRequest.t2m_rid', request.t2m_rid, 64), variantId: String(request.variant_id ?? '') }
    if (mergedSource.variantId === '') throw invalid('mergingRequest', 'variant_id is required')
    return {
      processor: 'text2motion',
      mode: 'merge',
      source: source(values),
      edit: editRequest('editRequest', values.get('editRequest')),
      merge: { source: mergedSource, edit: editRequest('mergingRequest.editRequest', request.editRequest), prompt: text('mergingRequest.prompt', request.prompt), blendDuration },
      settings
    }
  }
  if (values.has('t2m_rid') || values.has('editRequest')) throw invalid('t2m_rid', 'only used with inPaintingRequest or mergingRequest')
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
  if (shadow !== undefined && shadow !== '1' && shadow !== '0') throw invalid('shadow', 'expected 1')
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
    shadow: shadow === '1',
    camMode: integer('camMode', values.get('camMode') ?? '0', 0, 2) as 0 | 1 | 2,
    camHorizontalAngle
  }
}
