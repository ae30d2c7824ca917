// The deployment's secrets kept in one Kubernetes Secret, the way docker compose keeps them in its volume
// (secrets-volume.ts): the Secret's keys are written into a scratch directory, ensureSecrets generates what is
// missing there (a key that exists is never rewritten, so deleting one key rotates that secret alone), and the
// Secret is written back only when something was generated. The Helm chart's init Job runs it through
// init-kubernetes-secrets.ts, with a ServiceAccount that may read and write that one Secret.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { request } from 'node:https'
import { join } from 'node:path'
import { composeSecrets, ensureSecrets, type SecretFile, type SecretsOutcome } from './secrets-volume.js'

export interface StoredSecret {
  /** Key → value, base64 as the API holds it. */
  data: Record<string, string>
  resourceVersion: string
}

export interface SecretApi {
  read: (name: string) => Promise<StoredSecret | undefined>
  /** Creates the Secret (no resourceVersion) or replaces the version read; a Secret changed meanwhile is refused. */
  write: (name: string, data: Record<string, string>, resourceVersion: string | undefined) => Promise<void>
}

export async function syncSecrets (api: SecretApi, name: string, directory: string, secrets: SecretFile[] = composeSecrets()): Promise<SecretsOutcome> {
  const stored = await api.read(name)
  mkdirSync(directory, { recursive: true })
  for (const [key, value] of Object.entries(stored?.data ?? {})) writeFileSync(join(directory, key), Buffer.from(value, 'base64'), { mode: 0o600 })
  const outcome = ensureSecrets(directory, secrets)
  if (outcome.created.length > 0) {
    const data = Object.fromEntries(readdirSync(directory).map((file) => [file, readFileSync(join(directory, file)).toString('base64')]))
    await api.write(name, data, stored?.resourceVersion)
  }
  return outcome
}

const SERVICE_ACCOUNT = '/var/run/secrets/kubernetes.io/serviceaccount'

interface ApiAnswer { status: number, body: { data?: Record<string, string>, metadata?: { resourceVersion?: string }, message?: string } }

/** The Kubernetes API as a pod reaches it: KUBERNETES_SERVICE_HOST/PORT, the ServiceAccount's token, CA and namespace. */
export function inClusterSecretApi (env: NodeJS.ProcessEnv = process.env, account: string = SERVICE_ACCOUNT): SecretApi {
  const namespace = readFileSync(join(account, 'namespace'), 'utf8').trim()
  const token = readFileSync(join(account, 'token'), 'utf8').trim()
  const ca = readFileSync(join(account, 'ca.crt'))
  const path = `/api/v1/namespaces/${namespace}/secrets`
  const call = async (method: string, url: string, body?: unknown): Promise<ApiAnswer> => await new Promise((resolve, reject) => {
    const req = request({
      host: env.KUBERNETES_SERVICE_HOST,
      port: env.KUBERNETES_SERVICE_PORT,
      method,
      path: url,
      ca,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' }
    }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => { text += chunk })
      res.on('end', () => { resolve({ status: res.statusCode ?? 0, body: text === '' ? {} : JSON.parse(text) as ApiAnswer['body'] }) })
    })
    req.on('error', reject)
    req.end(body === undefined ? undefined : JSON.stringify(body))
  })
  const failed = (what: string, answer: ApiAnswer): Error => new Error(`${what}: HTTP ${answer.status} ${answer.body.message ?? ''}`.trim())
  return {
    async read (name) {
      const answer = await call('GET', `${path}/${name}`)
      if (answer.status === 404) return undefined
      if (answer.status !== 200) throw failed(`reading Secret ${name}`, answer)
      return { data: answer.body.data ?? {}, resourceVersion: answer.body.metadata?.resourceVersion ?? '' }
    },
    async write (name, data, resourceVersion) {
      const metadata = { name, namespace, labels: { 'app.kubernetes.io/managed-by': 'openmotion-init' }, ...(resourceVersion === undefined ? {} : { resourceVersion }) }
      const secret = { apiVersion: 'v1', kind: 'Secret', type: 'Opaque', metadata, data }
      const answer = resourceVersion === undefined ? await call('POST', path, secret) : await call('PUT', `${path}/${name}`, secret)
      if (answer.status !== 200 && answer.status !== 201) throw failed(`writing Secret ${name}`, answer)
    }
  }
}
