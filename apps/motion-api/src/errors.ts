// Every error a client can meet, in responses and in failed jobs' details. Numeric codes are the spec's; the HTTP
// status says which side is at fault (for job failures it is never sent: it only tells a pipeline fault, ≥ 500,
// from a problem with the job's input). Packages (engine, renderer, characters) have their own string codes,
// mapped to these in domain/job-failures.ts.
import { SERVICE_UNAVAILABLE_MESSAGE, defineErrors, frameworkCodes, type ErrorFactory } from '@openmotion/common'

export const errors = defineErrors({
  INSUFFICIENT_CREDIT: { code: 101, status: 402, message: 'Not enough credit' },
  UNKNOWN_PIPELINE_ERROR: { code: 498, status: 500, message: 'Unknown pipeline error', answers: ['internal'] },
  INVALID_PIPELINE_INPUT: { code: 494, status: 400, message: 'Invalid pipeline input' },
  GENERATION_FAILED: { code: 501, status: 500, message: 'Error while generating motion' },
  BAD_GENERATION_PARAMETERS: { code: 502, status: 400, message: 'Error parsing motion generation parameters' },
  GENERATION_TIMEOUT: { code: 599, status: 504, message: 'Motion generation timeout' },
  BVH_EXPORT_FAILED: { code: 810, status: 500, message: 'Error saving bvh results' },
  MODEL_LOAD_FAILED: { code: 901, status: 400, message: 'Error loading the mesh of the custom character' },
  RIG_NOT_RECOGNISED: { code: 902, status: 400, message: 'Error loading the BVH custom character' },
  RETARGET_FAILED: { code: 903, status: 500, message: 'Error copying animations onto the custom character' },
  CHARACTER_EXPORT_FAILED: { code: 904, status: 500, message: 'Error exporting animations for the custom character' },
  NO_SKINNED_MESH: { code: 905, status: 400, message: 'Custom character does not include skinned mesh information' },
  FACE_BLENDSHAPES_MISSING: { code: 906, status: 400, message: 'More than half of the required blendshapes are missing' },
  METADATA_UNREADABLE: { code: 909, status: 400, message: 'Error loading the metadata of the custom character' },
  PROCESS_STUCK: { code: 1101, status: 500, message: 'Process stuck' },
  RENDER_CHARACTER_LOAD: { code: 1105, status: 400, message: 'Failed to load input character' },
  RENDER_ANIMATION_ATTACH: { code: 1106, status: 400, message: 'Failed to attach animation to character' },
  RENDER_BACKDROP: { code: 1107, status: 400, message: 'Failed to configure backdrop' },
  // A job failure only: the client stopped the job (details.exc_type "Cancelled").
  JOB_CANCELLED: { code: 0, status: 409, message: 'Cancelled by the client' },
  INVALID_PARAMETER: { code: 1102, status: 400, message: 'Invalid input parameter', answers: ['validation', 'badRequest', 'unsupportedMediaType'] },
  UNAUTHENTICATED: { code: 401, status: 401, message: 'Authentication required: call /account/v1/auth and send the dmsess cookie' },
  INVALID_CREDENTIALS: { code: 4011, status: 401, message: 'Invalid client credentials' },
  ADMIN_UNAUTHORIZED: { code: 4012, status: 401, message: 'Invalid admin token' },
  ADMIN_DISABLED: { code: 4031, status: 403, message: 'The admin API is disabled: set ADMIN_API_KEY or AUTH_JWKS_URL' },
  NOT_FOUND: { code: 404, status: 404, message: 'Not found', answers: ['notFound'] },
  JOB_NOT_FOUND: { code: 4041, status: 404, message: 'Unknown request id' },
  MODEL_NOT_FOUND: { code: 4042, status: 404, message: 'Unknown model id' },
  UPLOAD_NOT_FOUND: { code: 4045, status: 404, message: 'Unknown upload' },
  CLIENT_NOT_FOUND: { code: 4043, status: 404, message: 'Unknown client' },
  PLAN_NOT_FOUND: { code: 4044, status: 404, message: 'Unknown plan' },
  CONFLICT: { code: 4092, status: 409, message: 'Already exists' },
  URL_INVALID: { code: 4032, status: 403, message: 'The signed URL is invalid or has expired' },
  RANGE_NOT_SATISFIABLE: { code: 416, status: 416, message: 'Range not satisfiable' },
  UPLOAD_TOO_LARGE: { code: 413, status: 413, message: 'Upload too large', answers: ['payloadTooLarge'] },
  // The database or the job queue cannot be reached (a restart, a network cut): retry after Retry-After seconds.
  SERVICE_UNAVAILABLE: { code: 503, status: 503, message: SERVICE_UNAVAILABLE_MESSAGE, answers: ['unavailable'] }
})

/** The codes of failures fastify itself detects (schema validation, bad JSON, unknown routes, body limits). */
export const frameworkErrorCodes = frameworkCodes(errors)

/** The numeric code of one of this app's errors (every code in the table above is a number). */
export function codeOf (factory: ErrorFactory): number {
  return factory.code as number
}

/** Whether a public code means a fault on our side (logged as an error) rather than a problem with the input. */
export function isServerFault (code: number): boolean {
  const factory = Object.values<ErrorFactory>(errors).find((f) => f.code === code)
  return factory === undefined || factory.status >= 500
}
