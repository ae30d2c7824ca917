// The generation options as one schema: the engine validates with it, and the motion-api validates its
// `footLockingMode`, `poseFilteringStrength`, `dis` and `rootAtOrigin` parameters (and the requests it stored) with it.
import { Type, type Static } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'

export const FOOT_LOCKING_MODES = ['auto', 'always', 'never', 'grounding'] as const

export const MotionOptionsSchema = Type.Object({
  footLockingMode: Type.Union(
    FOOT_LOCKING_MODES.map((mode) => Type.Literal(mode)),
    {
      default: 'auto',
      description:
        'auto locks planted feet; always locks every contact; never disables locking and grounding; grounding keeps the body on the floor without locks'
    }
  ),
  poseFilteringStrength: Type.Number({ minimum: 0, maximum: 1, default: 0, description: '0 (off) to 1 (strongest smoothing)' }),
  simulation: Type.Boolean({ default: true, description: "Physical plausibility pass (self-penetration, balance); the API's dis=s sets false" }),
  rootAtOrigin: Type.Boolean({ default: false, description: 'Root translation starts at the origin in XZ (otherwise the ground path is centred on it)' })
})

export type MotionOptions = Static<typeof MotionOptionsSchema>
export type FootLockingMode = MotionOptions['footLockingMode']

/** Bounds of poseFilteringStrength, read from the schema so callers cannot drift from it. */
export const POSE_FILTERING_LIMITS = {
  min: MotionOptionsSchema.properties.poseFilteringStrength.minimum as number,
  max: MotionOptionsSchema.properties.poseFilteringStrength.maximum as number
}

export const DEFAULT_OPTIONS: Readonly<MotionOptions> = Object.freeze(Value.Create(MotionOptionsSchema))

export function isFootLockingMode (value: string): value is FootLockingMode {
  return (FOOT_LOCKING_MODES as readonly string[]).includes(value)
}

/** The first problem with `options` as "<field> <reason>", or undefined when they are valid. */
export function motionOptionsProblem (options: unknown): string | undefined {
  const first = Value.Errors(MotionOptionsSchema, options).First()
  if (first === undefined) return undefined
  const field = first.path.replace(/^\//, '') || 'options'
  const allowed = (first.schema.anyOf as Array<{ const?: unknown }> | undefined)?.map((option) => option.const)
  if (allowed !== undefined) return `${field} must be one of ${allowed.join(', ')}`
  return `${field}: ${first.message.toLowerCase()}`
}
