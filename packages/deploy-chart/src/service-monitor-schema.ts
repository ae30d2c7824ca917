// The Prometheus Operator's ServiceMonitor is a custom resource, absent from the Kubernetes API documents: this is
// the part of its CRD (monitoring.coreos.com/v1) the chart writes, field names and types as the CRD declares them,
// so a misspelt field is refused here as for the built-in kinds.
import type { JsonSchema } from './kube-schemas.js'

const labelMap = { type: 'object', additionalProperties: { type: 'string' } }

export const serviceMonitorSchema: JsonSchema = {
  type: 'object',
  required: ['apiVersion', 'kind', 'metadata', 'spec'],
  properties: {
    apiVersion: { const: 'monitoring.coreos.com/v1' },
    kind: { const: 'ServiceMonitor' },
    metadata: {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' }, namespace: { type: 'string' }, labels: labelMap, annotations: labelMap }
    },
    spec: {
      type: 'object',
      required: ['selector', 'endpoints'],
      properties: {
        jobLabel: { type: 'string' },
        namespaceSelector: { type: 'object', properties: { any: { type: 'boolean' }, matchNames: { type: 'array', items: { type: 'string' } } } },
        selector: { type: 'object', properties: { matchLabels: labelMap } },
        endpoints: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            properties: {
              port: { type: 'string' },
              targetPort: { oneOf: [{ type: 'integer' }, { type: 'string' }] },
              path: { type: 'string' },
              scheme: { enum: ['http', 'https'] },
              interval: { type: 'string', pattern: '^(0|(([0-9]+)y)?(([0-9]+)w)?(([0-9]+)d)?(([0-9]+)h)?(([0-9]+)m)?(([0-9]+)s)?(([0-9]+)ms)?)$' },
              scrapeTimeout: { type: 'string' },
              honorLabels: { type: 'boolean' }
            }
          }
        }
      }
    }
  }
}
