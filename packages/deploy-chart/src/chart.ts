// The chart under deploy/helm/openmotion as the tests see it: rendered by helm for a values file, and the parts of
// the rendered objects the checks read (Deployments' pod templates, their containers and environments).
import { fileURLToPath } from 'node:url'
import { helm, parseManifests, type HelmResult, type KubeObject } from './helm.js'

export const chartDirectory = fileURLToPath(new URL('../../../deploy/helm/openmotion', import.meta.url))
export const valuesFile = (name: 'default' | 'scaled-out'): string => `${chartDirectory}/ci/${name}-values.yaml`

export interface EnvVar {
  name: string
  value?: string
  valueFrom?: { secretKeyRef?: { name: string, key: string } }
}

export interface Container {
  name: string
  image: string
  args?: string[]
  env?: EnvVar[]
  ports?: Array<{ name: string, containerPort: number }>
  livenessProbe?: { httpGet?: { path: string, port: string | number } }
  readinessProbe?: { httpGet?: { path: string, port: string | number } }
  lifecycle?: { preStop?: { exec?: { command: string[] } } }
  resources?: { requests?: Record<string, string>, limits?: Record<string, string> }
  volumeMounts?: Array<{ name: string, mountPath: string }>
}

export interface Volume {
  name: string
  emptyDir?: unknown
  secret?: { secretName: string, items?: Array<{ key: string, path: string }> }
  configMap?: { name: string }
  [source: string]: unknown
}

export interface PodSpec {
  containers: Container[]
  initContainers?: Container[]
  volumes?: Volume[]
  terminationGracePeriodSeconds?: number
}

export interface Workload extends KubeObject {
  spec: { replicas?: number, selector?: { matchLabels: Record<string, string> }, template: { metadata: { labels: Record<string, string> }, spec: PodSpec } }
}

/** `helm template` of the chart with the given values files and `--set` pairs; the objects when it succeeds. */
export async function renderChart (helmPath: string, values: string[], set: string[] = []): Promise<HelmResult & { objects: KubeObject[] }> {
  const result = await helm(helmPath, [
    'template', 'openmotion', chartDirectory, '--namespace', 'openmotion',
    ...values.flatMap((file) => ['--values', file]), ...set.flatMap((pair) => ['--set', pair])
  ])
  return { ...result, objects: result.code === 0 ? parseManifests(result.stdout) : [] }
}

export const ofKind = <T extends KubeObject = KubeObject>(objects: KubeObject[], kind: string): T[] =>
  objects.filter((o) => o.kind === kind) as T[]

/** The Deployment whose component label is `component`. */
export function deploymentOf (objects: KubeObject[], component: string): Workload {
  const found = ofKind<Workload>(objects, 'Deployment').find((d) => d.metadata.labels?.['app.kubernetes.io/component'] === component)
  if (found === undefined) throw new Error(`no Deployment for component ${component}`)
  return found
}

/** A container's environment as name → value, or `secret:<name>/<key>` for a value taken from a Secret. */
export function environmentOf (container: Container): Record<string, string> {
  return Object.fromEntries((container.env ?? []).map((v) => [v.name, v.value ?? (v.valueFrom?.secretKeyRef === undefined
    ? '?'
    : `secret:${v.valueFrom.secretKeyRef.name}/${v.valueFrom.secretKeyRef.key}`)]))
}
