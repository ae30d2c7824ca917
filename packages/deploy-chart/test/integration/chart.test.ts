// The Helm chart with no cluster: `helm lint --strict` and `helm template` for the default and the scaled-out values
// file, every rendered object validated against the Kubernetes API's own schemas (strict: a misspelt field fails),
// and the deployment rules the chart exists for checked on what it renders.
import { existsSync, readFileSync } from 'node:fs'
import { requireTool } from '@openmotion/test-services'
import { beforeAll, describe, expect, it } from 'vitest'
import { chartDirectory, deploymentOf, environmentOf, ofKind, renderChart, valuesFile, type Workload } from '../../src/chart.js'
import { declaredVariables, type AppName } from '../../src/app-variables.js'
import { helm, type KubeObject } from '../../src/helm.js'
import { createKubeValidator, readOpenApiDirectory, type KubeValidator } from '../../src/kube-schemas.js'
import { serviceMonitorSchema } from '../../src/service-monitor-schema.js'

const helmPath = process.env.HELM_PATH ?? ''
const openapiDirectory = process.env.KUBERNETES_OPENAPI_DIR ?? ''
const available = requireTool('helm', helmPath !== '' && existsSync(helmPath), 'bash scripts/services.sh up builds it (HELM_PATH)') &&
  requireTool('Kubernetes OpenAPI documents', openapiDirectory !== '' && existsSync(openapiDirectory), 'bash scripts/services.sh up fetches them (KUBERNETES_OPENAPI_DIR)')

const repository = new URL('../../../../', import.meta.url)
const COMPONENTS = ['motion-api', 'motion-worker', 'auth-server', 'webhook-relay', 'webhook-relay-worker'] as const
const APP_OF: Record<(typeof COMPONENTS)[number], AppName> = {
  'motion-api': 'motion-api',
  'motion-worker': 'motion-api',
  'auth-server': 'auth-server',
  'webhook-relay': 'webhook-relay',
  'webhook-relay-worker': 'webhook-relay'
}

/** Every problem of every object, as `Kind/name /path: message`. */
function problemsOf (validator: KubeValidator, objects: KubeObject[]): string[] {
  return objects.flatMap((o) => validator.validate(o).map((p) => `${o.kind}/${o.metadata.name} ${p.path}: ${p.message}`))
}

/** The names of the secrets the init Job generates (the auth-server's composeSecrets list). */
function generatedSecretNames (): string[] {
  const source = readFileSync(new URL('apps/auth-server/src/cli/secrets-volume.ts', repository), 'utf8')
  return [...source.matchAll(/name: '([a-z0-9.-]+)'/g)].map((m) => m[1] ?? '')
}

describe.runIf(available)('the Helm chart (deploy/helm/openmotion)', () => {
  let validator: KubeValidator
  const rendered: Record<'default' | 'scaled-out', KubeObject[]> = { default: [], 'scaled-out': [] }

  beforeAll(async () => {
    validator = createKubeValidator(readOpenApiDirectory(openapiDirectory), { 'monitoring.coreos.com/v1/ServiceMonitor': serviceMonitorSchema })
    for (const name of ['default', 'scaled-out'] as const) {
      const result = await renderChart(helmPath, [valuesFile(name)])
      expect(result.stderr).toBe('')
      expect(result.code).toBe(0)
      rendered[name] = result.objects
    }
  }, 120_000)

  it.each(['default', 'scaled-out'] as const)('passes helm lint --strict with the %s values', async (name) => {
    const lint = await helm(helmPath, ['lint', '--strict', chartDirectory, '--values', valuesFile(name)])
    expect(lint.stdout + lint.stderr).toContain('1 chart(s) linted, 0 chart(s) failed')
    expect(lint.code).toBe(0)
  })

  it.each(['default', 'scaled-out'] as const)('renders only objects the Kubernetes API schemas accept, with the %s values', (name) => {
    const objects = rendered[name]
    expect(objects.length).toBeGreaterThan(10)
    expect(objects.filter((o) => !validator.knows(o.apiVersion, o.kind)).map((o) => `${o.apiVersion} ${o.kind}`)).toEqual([])
    expect(problemsOf(validator, objects)).toEqual([])
  })

  it('refuses a rendered Deployment with a misspelt field or a value of the wrong type', () => {
    const deployment = structuredClone(deploymentOf(rendered.default, 'motion-api'))
    const container = deployment.spec.template.spec.containers[0] as unknown as Record<string, unknown>
    container.imagePullPolicyy = container.imagePullPolicy
    delete container.imagePullPolicy
    expect(problemsOf(validator, [deployment])).toEqual([
      `Deployment/${deployment.metadata.name} /spec/template/spec/containers/0: must NOT have additional properties (imagePullPolicyy)`
    ])
    const wrongType = structuredClone(deploymentOf(rendered.default, 'motion-api')) as unknown as { spec: Record<string, unknown> }
    wrongType.spec.replicas = '3'
    expect(problemsOf(validator, [wrongType as unknown as KubeObject])).toEqual([`Deployment/${deployment.metadata.name} /spec/replicas: must be integer`])
  })

  it('runs five processes, each probed on /healthz (liveness) and /readyz (readiness), the workers as `node dist/main.js worker`', () => {
    for (const component of COMPONENTS) {
      const container = deploymentOf(rendered.default, component).spec.template.spec.containers[0]
      expect(container?.livenessProbe?.httpGet?.path, component).toBe('/healthz')
      expect(container?.readinessProbe?.httpGet?.path, component).toBe('/readyz')
      expect(container?.image, component).toBe(`openmotion/${APP_OF[component]}:0.1.0`)
      expect(container?.args, component).toEqual(component.endsWith('worker') ? ['node', 'dist/main.js', 'worker'] : undefined)
    }
    expect(environmentOf(deploymentOf(rendered.default, 'motion-api').spec.template.spec.containers[0]!)).toMatchObject({ MOTION_ROLE: 'api', STORAGE_TYPE: 'redis' })
    expect(environmentOf(deploymentOf(rendered.default, 'webhook-relay').spec.template.spec.containers[0]!)).toMatchObject({ RELAY_ROLE: 'api', STORAGE_TYPE: 'kafka' })
  })

  it('gives each pod the time to drain: the preStop pause, then SHUTDOWN_TIMEOUT_MS, within terminationGracePeriodSeconds', () => {
    for (const component of COMPONENTS) {
      const pod = deploymentOf(rendered.default, component).spec.template.spec
      const container = pod.containers[0]!
      const pause = Number(container.lifecycle?.preStop?.exec?.command[1])
      const drainMs = Number(environmentOf(container).SHUTDOWN_TIMEOUT_MS)
      expect(pause, component).toBeGreaterThan(0)
      expect(pod.terminationGracePeriodSeconds, component).toBeGreaterThan(pause + drainMs / 1000)
    }
    // A motion worker finishes the job it holds: its drain covers the longest a job may run.
    const worker = environmentOf(deploymentOf(rendered.default, 'motion-worker').spec.template.spec.containers[0]!)
    expect(Number(worker.SHUTDOWN_TIMEOUT_MS)).toBeGreaterThan(Number(worker.JOB_TIMEOUT_MS))
  })

  it.each(['default', 'scaled-out'] as const)('shares no disk between processes (%s): files go to the bucket, volumes are the pod\'s own', (name) => {
    expect(ofKind(rendered[name], 'PersistentVolumeClaim')).toEqual([])
    for (const workload of [...ofKind<Workload>(rendered[name], 'Deployment'), ...ofKind<Workload>(rendered[name], 'Job')]) {
      for (const volume of workload.spec.template.spec.volumes ?? []) {
        expect(volume.emptyDir !== undefined || volume.secret !== undefined || volume.configMap !== undefined, `${workload.metadata.name} ${volume.name}`).toBe(true)
      }
    }
    // API and workers meet in one bucket, with keys taken from a Secret, never written into the pod spec.
    const [api, worker] = ['motion-api', 'motion-worker'].map((component) => environmentOf(deploymentOf(rendered[name], component).spec.template.spec.containers[0]!))
    for (const env of [api!, worker!]) {
      expect(env).toMatchObject({ FILE_STORE: 's3', S3_ENDPOINT: api!.S3_ENDPOINT, S3_BUCKET: api!.S3_BUCKET })
      expect(env.S3_ENDPOINT).toMatch(/^https?:\/\//)
      expect(env.S3_ACCESS_KEY_ID).toMatch(/^secret:/)
      expect(env.S3_SECRET_ACCESS_KEY).toMatch(/^secret:/)
    }
  })

  it.each(['default', 'scaled-out'] as const)('sets only variables each app declares, secrets as NAME_FILE (%s)', (name) => {
    for (const component of COMPONENTS) {
      const declared = declaredVariables(readFileSync(new URL(`apps/${APP_OF[component]}/README.md`, repository), 'utf8'))
      expect(declared.size, component).toBeGreaterThan(20)
      const set = Object.keys(environmentOf(deploymentOf(rendered[name], component).spec.template.spec.containers[0]!))
      const unknown = set.map((v) => v.endsWith('_FILE') ? v.slice(0, -5) : v).filter((v) => !declared.has(v))
      expect(unknown, component).toEqual([])
    }
  })

  it('mounts only secrets the init Job generates, each where the app\'s *_FILE variable points', () => {
    const generated = generatedSecretNames()
    expect(generated).toContain('auth-private-key.pem')
    for (const component of COMPONENTS) {
      const pod = deploymentOf(rendered.default, component).spec.template.spec
      const items = pod.volumes?.find((v) => v.name === 'secrets')?.secret?.items?.map((i) => i.key) ?? []
      expect(items.filter((key) => !generated.includes(key)), component).toEqual([])
      const files = Object.entries(environmentOf(pod.containers[0]!)).filter(([variable]) => variable.endsWith('_FILE')).map(([, path]) => path)
      expect(files.filter((path) => !items.map((key) => `/secrets/${key}`).includes(path)), component).toEqual([])
    }
  })

  it('runs the init Job as a hook before the release\'s pods: secrets (RBAC limited to its Secret) then each app\'s migrations', () => {
    const [job] = ofKind<Workload>(rendered.default, 'Job')
    expect(job?.metadata.annotations?.['helm.sh/hook']).toBe('pre-install,pre-upgrade')
    const pod = job!.spec.template.spec
    expect([...(pod.initContainers ?? []), ...pod.containers].map((c) => c.name))
      .toEqual(['secrets', 'migrate-auth-server', 'migrate-motion-api', 'migrate-webhook-relay'])
    for (const container of [...(pod.initContainers ?? []).slice(1), ...pod.containers]) expect(container.args).toEqual(['node', 'dist/cli/migrate.js'])
    // Whatever the Job uses exists before it: hooks of a lower weight.
    const weight = (o: KubeObject): number => Number(o.metadata.annotations?.['helm.sh/hook-weight'] ?? 0)
    const before = rendered.default.filter((o) => ['Secret', 'ServiceAccount', 'Role', 'RoleBinding'].includes(o.kind))
    expect(before.map((o) => o.kind).sort()).toEqual(['Role', 'RoleBinding', 'Secret', 'ServiceAccount'])
    expect(pod.initContainers?.[0]?.args).toEqual(['node', 'dist/cli/init-kubernetes-secrets.js'])
    for (const object of before) expect(weight(object), object.kind).toBeLessThan(weight(job!))
    const [role] = ofKind<KubeObject & { rules: Array<{ resourceNames?: string[], verbs: string[] }> }>(rendered.default, 'Role')
    expect(role?.rules).toEqual([
      { apiGroups: [''], resources: ['secrets'], resourceNames: ['openmotion-secrets'], verbs: ['get', 'update'] },
      { apiGroups: [''], resources: ['secrets'], verbs: ['create'] }
    ])
    // With secrets of the operator's own, the Job migrates only and needs no access to the API.
    expect(ofKind(rendered['scaled-out'], 'Role')).toEqual([])
    expect(ofKind<Workload>(rendered['scaled-out'], 'Job')[0]?.spec.template.spec.initContainers?.map((c) => c.name)).toEqual(['migrate-auth-server', 'migrate-motion-api'])
  })

  it('autoscales the workers on CPU and scales out the rest by replicas, with disruption budgets and a ServiceMonitor', () => {
    const deployments = new Set(ofKind(rendered['scaled-out'], 'Deployment').map((d) => d.metadata.name))
    const hpas = ofKind<KubeObject & { spec: { scaleTargetRef: { name: string }, minReplicas: number } }>(rendered['scaled-out'], 'HorizontalPodAutoscaler')
    expect(hpas.map((h) => h.spec.scaleTargetRef.name).sort()).toEqual(['openmotion-motion-worker', 'openmotion-webhook-relay-worker'])
    for (const hpa of hpas) expect(deployments.has(hpa.spec.scaleTargetRef.name)).toBe(true)
    // The HPA owns the workers' replica count; the Deployment must not fight it.
    expect(deploymentOf(rendered['scaled-out'], 'motion-worker').spec.replicas).toBeUndefined()
    expect(deploymentOf(rendered['scaled-out'], 'auth-server').spec.replicas).toBe(3)
    expect(ofKind(rendered['scaled-out'], 'PodDisruptionBudget').map((p) => p.metadata.name).sort()).toEqual([
      'openmotion-auth-server', 'openmotion-motion-api', 'openmotion-motion-worker', 'openmotion-webhook-relay', 'openmotion-webhook-relay-worker'
    ])
    expect(ofKind(rendered['scaled-out'], 'ServiceMonitor')).toHaveLength(1)
    expect(ofKind(rendered.default, 'ServiceMonitor')).toEqual([])
  })

  it('selects pods that exist from every Service, and routes the Ingress to Services that exist', () => {
    const pods = ofKind<Workload>(rendered['scaled-out'], 'Deployment').map((d) => d.spec.template.metadata.labels)
    const services = ofKind<KubeObject & { spec: { selector: Record<string, string> } }>(rendered['scaled-out'], 'Service')
    expect(services).toHaveLength(5)
    for (const service of services) {
      const matching = pods.filter((labels) => Object.entries(service.spec.selector).every(([k, v]) => labels[k] === v))
      expect(matching, service.metadata.name).toHaveLength(1)
    }
    const names = new Set(services.map((s) => s.metadata.name))
    const [ingress] = ofKind<KubeObject & { spec: { rules: Array<{ http: { paths: Array<{ backend: { service: { name: string } } }> } }> } }>(rendered['scaled-out'], 'Ingress')
    const backends = ingress?.spec.rules.flatMap((r) => r.http.paths.map((p) => p.backend.service.name)) ?? []
    expect(backends.sort()).toEqual(['openmotion-auth-server', 'openmotion-motion-api', 'openmotion-webhook-relay'])
    for (const backend of backends) expect(names.has(backend)).toBe(true)
  })

  it('refuses to render without a value it needs, or with a value the values schema refuses, naming it', async () => {
    const missing = await renderChart(helmPath, [valuesFile('default')], ['postgresql.url='])
    expect(missing.code).not.toBe(0)
    expect(missing.stderr).toContain('postgresql.url (or postgresql.existingSecret) is required')
    // values.schema.json: a value of the wrong kind or a misspelt key is refused before anything renders.
    const badQueue = await renderChart(helmPath, [valuesFile('default')], ['webhookRelay.queue=memory'])
    expect(badQueue.code).not.toBe(0)
    expect(badQueue.stderr).toContain("at '/webhookRelay/queue': value must be one of 'kafka', 'redis'")
    const misspelt = await renderChart(helmPath, [valuesFile('default')], ['motionApi.replica=3'])
    expect(misspelt.code).not.toBe(0)
    expect(misspelt.stderr).toMatch(/motionApi.*replica/)
  })
})
