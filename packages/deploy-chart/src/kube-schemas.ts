// The Kubernetes API's own schemas as a validator, with no cluster: the OpenAPI v3 documents the module
// k8s.io/kubernetes carries (api/openapi-spec/v3, one per group version) are merged into one schema document, made
// strict (an object with declared properties refuses any other, as the API server's strict field validation does;
// maps and x-kubernetes-preserve-unknown-fields objects stay open), and compiled per apiVersion and kind on first use.
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'

export type JsonSchema = Record<string, unknown>

export interface OpenApiDocument {
  components?: { schemas?: Record<string, JsonSchema> }
}

interface GroupVersionKind { group: string, version: string, kind: string }

const DOCUMENT_ID = 'https://kubernetes.io/openapi/v3'

/** Reads every `*.json` OpenAPI document of a directory such as api/openapi-spec/v3. */
export function readOpenApiDirectory (directory: string): OpenApiDocument[] {
  return readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(directory, name), 'utf8')) as OpenApiDocument)
}

/** Adds `additionalProperties: false` to every object schema that lists its properties and allows no others. */
export function strictSchema (schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strictSchema)
  if (schema === null || typeof schema !== 'object') return schema
  const copy: JsonSchema = {}
  for (const [key, value] of Object.entries(schema)) {
    // Property names and enum values are data, not schemas.
    copy[key] = key === 'properties' && value !== null && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, strictSchema(sub)]))
      : key === 'enum' || key === 'default' || key === 'example' ? value : strictSchema(value)
  }
  const open = copy['x-kubernetes-preserve-unknown-fields'] === true || 'additionalProperties' in copy
  if (copy.properties !== undefined && !open) copy.additionalProperties = false
  return copy
}

function apiVersionOf (gvk: GroupVersionKind): string {
  return gvk.group === '' ? gvk.version : `${gvk.group}/${gvk.version}`
}

export interface ValidationProblem {
  /** JSON pointer of the offending value inside the object. */
  path: string
  message: string
}

export interface KubeValidator {
  /** Whether a schema is known for this apiVersion and kind. */
  knows: (apiVersion: string, kind: string) => boolean
  /** The problems of one object against its kind's schema; throws when the kind is unknown. */
  validate: (object: { apiVersion?: unknown, kind?: unknown, [field: string]: unknown }) => ValidationProblem[]
}

function describe (error: ErrorObject): ValidationProblem {
  const extra = error.keyword === 'additionalProperties'
    ? ` (${String((error.params as { additionalProperty: string }).additionalProperty)})`
    : error.keyword === 'enum' ? ` (${(error.params as { allowedValues: unknown[] }).allowedValues.map(String).join(', ')})` : ''
  return { path: error.instancePath === '' ? '/' : error.instancePath, message: `${error.message ?? error.keyword}${extra}` }
}

/**
 * A validator over the merged documents. `extra` adds schemas of kinds the Kubernetes API does not define (custom
 * resources such as the Prometheus Operator's ServiceMonitor), keyed `apiVersion/kind`.
 */
export function createKubeValidator (documents: OpenApiDocument[], extra: Record<string, JsonSchema> = {}): KubeValidator {
  const schemas: Record<string, JsonSchema> = {}
  for (const document of documents) Object.assign(schemas, document.components?.schemas)
  const byKind = new Map<string, string>()
  for (const [name, schema] of Object.entries(schemas)) {
    const kinds = schema['x-kubernetes-group-version-kind'] as GroupVersionKind[] | undefined
    // A kind listed under several names (the generic meta.v1 ones: DeleteOptions, WatchEvent…) keeps its own type.
    for (const gvk of kinds ?? []) if (kinds?.length === 1 || !byKind.has(`${apiVersionOf(gvk)}/${gvk.kind}`)) byKind.set(`${apiVersionOf(gvk)}/${gvk.kind}`, name)
  }
  // Schema keywords only: formats (int32, int-or-string…) are the API server's to enforce, x-kubernetes-* are notes.
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false })
  ajv.addSchema({ $id: DOCUMENT_ID, components: { schemas: strictSchema(schemas) } })
  const compiled = new Map<string, ValidateFunction>()
  const knows = (apiVersion: string, kind: string): boolean => byKind.has(`${apiVersion}/${kind}`) || `${apiVersion}/${kind}` in extra

  return {
    knows,
    validate (object) {
      const key = `${String(object.apiVersion)}/${String(object.kind)}`
      let validate = compiled.get(key)
      if (validate === undefined) {
        const own = extra[key]
        const name = byKind.get(key)
        if (own === undefined && name === undefined) throw new Error(`no schema for apiVersion ${String(object.apiVersion)}, kind ${String(object.kind)}`)
        validate = ajv.compile(own === undefined ? { $ref: `${DOCUMENT_ID}#/components/schemas/${name ?? ''}` } : strictSchema(own) as JsonSchema)
        compiled.set(key, validate)
      }
      return validate(object) ? [] : (validate.errors ?? []).map(describe)
    }
  }
}
