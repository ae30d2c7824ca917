import { describe, expect, it } from 'vitest'
import { createKubeValidator, strictSchema, type OpenApiDocument } from '../src/kube-schemas.js'
import { serviceMonitorSchema } from '../src/service-monitor-schema.js'

// A tiny OpenAPI v3 document shaped like the Kubernetes ones: a kind with a $ref'd metadata (allOf wrapper, as the
// generator writes it), a label map, an int-or-string, and a field that keeps unknown fields.
const ref = (name: string) => ({ allOf: [{ $ref: `#/components/schemas/${name}` }], default: {} })
const document: OpenApiDocument = {
  components: {
    schemas: {
      'io.example.Meta': {
        type: 'object',
        properties: { name: { type: 'string' }, labels: { type: 'object', additionalProperties: { type: 'string', default: '' } } }
      },
      'io.example.v1.Widget': {
        type: 'object',
        required: ['spec'],
        'x-kubernetes-group-version-kind': [{ group: 'example.io', version: 'v1', kind: 'Widget' }],
        properties: {
          apiVersion: { type: 'string' },
          kind: { type: 'string' },
          metadata: ref('io.example.Meta'),
          spec: ref('io.example.v1.WidgetSpec')
        }
      },
      'io.example.v1.WidgetSpec': {
        type: 'object',
        properties: {
          size: { type: 'integer', format: 'int32' },
          port: { 'x-kubernetes-int-or-string': true, oneOf: [{ type: 'integer' }, { type: 'string' }] },
          mode: { type: 'string', enum: ['fast', 'slow'] },
          raw: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { known: { type: 'string' } } }
        }
      },
      'io.example.v1.Thing': {
        type: 'object',
        'x-kubernetes-group-version-kind': [{ group: '', version: 'v1', kind: 'Thing' }],
        properties: { apiVersion: { type: 'string' }, kind: { type: 'string' } }
      }
    }
  }
}

const widget = (spec: Record<string, unknown>, metadata: Record<string, unknown> = { name: 'w' }) =>
  ({ apiVersion: 'example.io/v1', kind: 'Widget', metadata, spec })

describe('the Kubernetes schema validator', () => {
  const validator = createKubeValidator([document])

  it('accepts an object that follows its kind schema, across $ref and allOf', () => {
    expect(validator.validate(widget({ size: 3, port: 'http', mode: 'fast', raw: { anything: [1] } }, { name: 'w', labels: { a: 'b' } }))).toEqual([])
    expect(validator.validate(widget({ port: 8080 }))).toEqual([])
  })

  it('refuses a misspelt field, naming where it is (strict, as the API server with strict field validation)', () => {
    expect(validator.validate(widget({ sise: 3 }))).toEqual([{ path: '/spec', message: 'must NOT have additional properties (sise)' }])
    expect(validator.validate({ ...widget({}), specs: {} })).toEqual([{ path: '/', message: 'must NOT have additional properties (specs)' }])
  })

  it('refuses a value of the wrong type or outside its enum', () => {
    expect(validator.validate(widget({ size: '3' }))).toEqual([{ path: '/spec/size', message: 'must be integer' }])
    expect(validator.validate(widget({ mode: 'medium' }))).toEqual([{ path: '/spec/mode', message: 'must be equal to one of the allowed values (fast, slow)' }])
    expect(validator.validate(widget({}, { name: 'w', labels: { version: 1 } }))).toEqual([{ path: '/metadata/labels/version', message: 'must be string' }])
  })

  it('keeps maps and x-kubernetes-preserve-unknown-fields objects open', () => {
    const strict = strictSchema(document.components?.schemas?.['io.example.v1.WidgetSpec']) as { properties: { raw: Record<string, unknown> }, additionalProperties: unknown }
    expect(strict.additionalProperties).toBe(false)
    expect(strict.properties.raw.additionalProperties).toBeUndefined()
    expect(validator.validate(widget({}, { name: 'w', labels: { any: 'label' } }))).toEqual([])
  })

  it('finds core kinds by their bare version and refuses a kind it has no schema for', () => {
    expect(validator.knows('v1', 'Thing')).toBe(true)
    expect(validator.knows('example.io/v2', 'Widget')).toBe(false)
    expect(() => validator.validate({ apiVersion: 'example.io/v2', kind: 'Widget' })).toThrow('no schema for apiVersion example.io/v2, kind Widget')
  })

  it('validates custom resources against the schemas given for them, strictly too', () => {
    const withMonitor = createKubeValidator([document], { 'monitoring.coreos.com/v1/ServiceMonitor': serviceMonitorSchema })
    const monitor = {
      apiVersion: 'monitoring.coreos.com/v1',
      kind: 'ServiceMonitor',
      metadata: { name: 'm' },
      spec: { selector: { matchLabels: { app: 'x' } }, endpoints: [{ port: 'http', path: '/metrics', interval: '30s' }] }
    }
    expect(withMonitor.validate(monitor)).toEqual([])
    expect(withMonitor.validate({ ...monitor, spec: { ...monitor.spec, endpoints: [{ port: 'http', intervall: '30s' }] } }))
      .toEqual([{ path: '/spec/endpoints/0', message: 'must NOT have additional properties (intervall)' }])
  })
})
