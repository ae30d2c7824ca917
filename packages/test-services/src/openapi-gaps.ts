// What a served OpenAPI document leaves out, by the house rule every app's /openapi.json follows: each operation
// documents a success body (by status) and its error statuses, and every error status carries the shared error
// shape (`ErrorResponse` of @openmotion/common: `{ error: { code, message, requestId, details? } }`). An operation
// that needs an API key or a session documents its 401 too. Shared so the three apps' tests hold the same bar.

interface MediaType { schema?: JsonSchema }
interface Response { description?: string, content?: Record<string, MediaType> }
interface Operation { responses?: Record<string, Response>, security?: Record<string, unknown>[] }
interface JsonSchema { properties?: Record<string, JsonSchema>, required?: string[], [key: string]: unknown }
export interface OpenapiDocument { paths?: Record<string, Record<string, Operation>>, security?: Record<string, unknown>[] }

export interface OpenapiGapOptions {
  /**
   * Operations ("METHOD /path") whose failures are not the shared error shape (the readiness report, GraphQL's
   * `{ errors: [...] }` by the GraphQL-over-HTTP spec); they still document each error status with a body schema.
   */
  ownErrorShape?: readonly string[]
  /** Operations that cannot fail a request (a liveness probe): they need no error status. */
  cannotFail?: readonly string[]
}

// The health probes every app gets from @openmotion/common: /healthz is always 200, /readyz answers 503 with its checks.
const HEALTH_CANNOT_FAIL = ['GET /healthz']
const HEALTH_OWN_SHAPE = ['GET /readyz']
// A success without a body by HTTP's rules (No Content, Not Modified) or a redirect (a route whose answer is to send
// the browser on, as an OAuth callback does) needs no schema.
const BODYLESS = new Set(['204', '302', '303', '304', '307', '308'])
const ERROR_FIELDS = ['code', 'message', 'requestId']

export function operationsOf (doc: OpenapiDocument): Array<[name: string, operation: Operation]> {
  return Object.entries(doc.paths ?? {}).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation] as [string, Operation]))
}

function isSharedErrorShape (schema: JsonSchema | undefined): boolean {
  const error = schema?.properties?.error
  return (
    schema?.required?.includes('error') === true &&
    ERROR_FIELDS.every((field) => error?.required?.includes(field) === true && error.properties?.[field] !== undefined)
  )
}

function bodySchema (response: Response): JsonSchema | undefined {
  return response.content?.['application/json']?.schema ?? Object.values(response.content ?? {})[0]?.schema
}

function gapsOf (name: string, operation: Operation, security: Record<string, unknown>[] | undefined, options: OpenapiGapOptions): string[] {
  const gaps: string[] = []
  const responses = Object.entries(operation.responses ?? {})
  const successes = responses.filter(([status]) => /^2\d\d$/.test(status) || (/^3\d\d$/.test(status) && BODYLESS.has(status)))
  if (successes.length === 0) gaps.push(`${name}: no 2xx response`)
  for (const [status, response] of successes) {
    if (!BODYLESS.has(status) && bodySchema(response) === undefined) gaps.push(`${name}: ${status} has no body schema`)
  }
  if ([...HEALTH_CANNOT_FAIL, ...(options.cannotFail ?? [])].includes(name)) return gaps
  const failures = responses.filter(([status]) => /^[45]\d\d$/.test(status))
  if (failures.length === 0) gaps.push(`${name}: no 4xx/5xx response`)
  const ownShape = [...HEALTH_OWN_SHAPE, ...(options.ownErrorShape ?? [])].includes(name)
  for (const [status, response] of failures) {
    const schema = bodySchema(response)
    if (ownShape ? schema === undefined : !isSharedErrorShape(schema)) { gaps.push(`${name}: ${status} is not ${ownShape ? 'documented with a body schema' : 'the shared error schema'}`) }
  }
  const secured = (operation.security ?? security ?? []).some((requirement) => Object.keys(requirement).length > 0)
  if (secured && operation.responses?.['401'] === undefined) gaps.push(`${name}: needs credentials but documents no 401`)
  return gaps
}

/** Every way `doc` falls short of the rule above, one line each ("POST /x: 404 is not the shared error schema"); empty when complete. */
export function openapiGaps (doc: OpenapiDocument, options: OpenapiGapOptions = {}): string[] {
  return operationsOf(doc).flatMap(([name, operation]) => gapsOf(name, operation, doc.security, options))
}
