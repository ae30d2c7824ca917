// The playground's forms → the spec's `name=value` parameter strings. Pure, so the rules are unit-tested.

export const BACKDROPS_2D = ['Checker_Cloudscape', 'Golden_Age_Glitz', 'Inferno_Stage', 'Jungle_Grove', 'Mystic_Brick', 'Mystic_Concrete',
  'Rainbow_Spotlight', 'Red_Carpet', 'Retro_Revue', 'Sakura_Dreamscape', 'Spotlit_Stage', 'Timbered_Retreat', 'Urban_Rooftop'] as const

export type MotionMode = 'generate' | 'inpaint' | 'merge'

export interface Source { rid: string, variant: string, trimLeft: number, trimRight: number }

export interface MotionForm {
  mode: MotionMode
  model: string
  prompt: string
  numVariants: number
  footLockingMode: 'auto' | 'always' | 'never' | 'grounding'
  poseFilteringStrength: number
  simulationOff: boolean
  rootAtOrigin: boolean
  skipFBX: boolean
  source?: Source
  inpaint?: { prompt: string, intervals: string }
  merge?: { prompt: string, source: Source, blendDuration: number }
}

export interface RenderForm {
  rid: string
  variant: string
  backdrop: string
  /** `#rrggbb` from a colour input. */
  bgColor: string
  shadow: boolean
  camMode: 0 | 1 | 2
  camHorizontalAngle: number
}

/** Thrown for a form value the API would refuse anyway; `field` is the form control to point at. */
export class FormError extends Error {
  readonly field: string
  constructor (field: string, message: string) {
    super(message)
    this.name = 'FormError'
    this.field = field
  }
}

/** `"10-40, 80-100"` → `[{ start: 10, end: 40 }, { start: 80, end: 100 }]`. */
export function parseIntervals (text: string): { start: number, end: number }[] {
  const parts = text.split(',').map((p) => p.trim()).filter((p) => p !== '')
  if (parts.length === 0) throw new FormError('intervals', 'give at least one frame interval, like 10-40')
  return parts.map((part) => {
    const match = /^(\d+)\s*-\s*(\d+)$/.exec(part)
    const start = Number(match?.[1])
    const end = Number(match?.[2])
    if (match === null || end <= start) throw new FormError('intervals', `"${part}" is not an interval start-end with start < end`)
    return { start, end }
  })
}

function edit (source: Source): string {
  return JSON.stringify({ numTrimLeft: source.trimLeft, numTrimRight: source.trimRight })
}

function requireSource (source: Source | undefined, field: string): Source {
  if (source === undefined || source.rid.trim() === '') throw new FormError(field, 'pick the job to derive from')
  return source
}

export function text2motionParams (form: MotionForm): string[] {
  if (form.model === '') throw new FormError('model', 'pick a character')
  const params = [`model=${form.model}`, `numVariants=${form.numVariants}`, `footLockingMode=${form.footLockingMode}`,
    `poseFilteringStrength=${form.poseFilteringStrength}`, `rootAtOrigin=${form.rootAtOrigin ? 1 : 0}`]
  if (form.simulationOff) params.push('dis=s')
  if (form.skipFBX) params.push('skipFBX=1')
  if (form.mode === 'generate') {
    if (form.prompt.trim() === '') throw new FormError('prompt', 'type what the character should do')
    return [`prompt=${form.prompt.trim()}`, ...params]
  }
  const source = requireSource(form.source, 'sourceRid')
  params.push(`t2m_rid=${source.rid.trim()}`, `variant_id=${source.variant.trim() || '1'}`, `editRequest=${edit(source)}`)
  if (form.mode === 'inpaint') {
    const prompt = form.inpaint?.prompt.trim() ?? ''
    if (prompt === '') throw new FormError('inpaintPrompt', 'type what happens in the intervals')
    params.push(`inPaintingRequest=${JSON.stringify({ prompt, intervals: parseIntervals(form.inpaint?.intervals ?? '') })}`)
    return params
  }
  const merge = form.merge
  const second = requireSource(merge?.source, 'mergeRid')
  if (merge === undefined || merge.prompt.trim() === '') throw new FormError('mergePrompt', 'type what happens in the new section')
  params.push(
    `mergingRequest=${JSON.stringify({ t2m_rid: second.rid.trim(), variant_id: second.variant.trim() || '1', editRequest: { numTrimLeft: second.trimLeft, numTrimRight: second.trimRight }, prompt: merge.prompt.trim(), blendDuration: merge.blendDuration })}`
  )
  return params
}

/** `#2e3440` → `46,52,64,255` (the API ignores alpha but the spec's format carries it). */
export function rgbaOf (hex: string): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex)
  if (match === null) throw new FormError('bgColor', `"${hex}" is not a #rrggbb colour`)
  return [match[1], match[2], match[3]].map((h) => parseInt(h ?? '0', 16)).concat(255).join(',')
}

export function renderParams (form: RenderForm): string[] {
  const params = [`t2m_rid=${form.rid}`, `variant_id=${form.variant}`, `bgColor=${rgbaOf(form.bgColor)}`, `camMode=${form.camMode}`,
    `camHorizontalAngle=${Math.round(form.camHorizontalAngle)}`]
  if (form.backdrop !== '') params.push(`backdrop=${form.backdrop}`)
  if (form.shadow) params.push('shadow=1')
  return params
}
