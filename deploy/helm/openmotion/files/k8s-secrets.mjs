// The init Job's first step, run by node in the auth-server image: keeps the deployment's secrets in one Kubernetes
// Secret the way docker compose keeps them in its volume. The Secret's keys are written into a directory, the
// auth-server's ensureSecrets generates whatever is missing there (a key that exists is never rewritten, so deleting
// one key and upgrading rotates that secret alone), and the Secret is stored again only when something was generated.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { request } from 'node:https'
import { join } from 'node:path'
import { ensureSecrets } from '/app/dist/cli/secrets-volume.js'

const ACCOUNT = '/var/run/secrets/kubernetes.io/serviceaccount'
const name = process.env.SECRET_NAME
const directory = process.env.SECRETS_DIR ?? '/work/secrets'
const namespace = readFileSync(join(ACCOUNT, 'namespace'), 'utf8').trim()
const token = readFileSync(join(ACCOUNT, 'token'), 'utf8').trim()
const ca = readFileSync(join(ACCOUNT, 'ca.crt'))
const path = `/api/v1/namespaces/${namespace}/secrets`

function api (method, url, body) {
  return new Promise((resolve, reject) => {
    const req = request({
      host: process.env.KUBERNETES_SERVICE_HOST,
      port: process.env.KUBERNETES_SERVICE_PORT,
      method,
      path: url,
      ca,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' }
    }, (res) => {
      let text = ''
      res.on('data', (chunk) => { text += chunk })
      res.on('end', () => { resolve({ status: res.statusCode, body: text === '' ? {} : JSON.parse(text) }) })
    })
    req.on('error', reject)
    req.end(body === undefined ? undefined : JSON.stringify(body))
  })
}

const found = await api('GET', `${path}/${name}`)
if (found.status !== 200 && found.status !== 404) throw new Error(`reading Secret ${name}: HTTP ${found.status} ${JSON.stringify(found.body)}`)
mkdirSync(directory, { recursive: true })
for (const [key, value] of Object.entries(found.status === 200 ? found.body.data ?? {} : {})) {
  writeFileSync(join(directory, key), Buffer.from(value, 'base64'), { mode: 0o600 })
}
const { created, kept } = ensureSecrets(directory)
if (created.length === 0) {
  process.stdout.write(`openmotion init: all ${kept.length} secrets already in Secret ${name}; nothing generated\n`)
} else {
  const data = Object.fromEntries(readdirSync(directory).map((file) => [file, readFileSync(join(directory, file)).toString('base64')]))
  const metadata = { name, namespace, labels: { 'app.kubernetes.io/managed-by': 'openmotion-init' } }
  // A PUT carries the resourceVersion read above: a Secret changed meanwhile is refused (409) and the Job retries.
  const saved = found.status === 200
    ? await api('PUT', `${path}/${name}`, { apiVersion: 'v1', kind: 'Secret', metadata: { ...metadata, resourceVersion: found.body.metadata.resourceVersion }, type: 'Opaque', data })
    : await api('POST', path, { apiVersion: 'v1', kind: 'Secret', metadata, type: 'Opaque', data })
  if (saved.status !== 200 && saved.status !== 201) throw new Error(`writing Secret ${name}: HTTP ${saved.status} ${JSON.stringify(saved.body)}`)
  const out = [`openmotion init: generated ${created.length} secret(s) in Secret ${name} (kept across upgrades and \`helm uninstall\`)`]
  for (const secret of created) out.push(`  ${secret.name.padEnd(29)} ${secret.purpose}`)
  const adminEmail = process.env.ADMIN_EMAIL ?? ''
  if (created.some((s) => s.name === 'admin-password') && adminEmail !== '') {
    out.push('', 'Operator sign-in (printed this once; the password stays in the Secret as admin-password):',
      `  email:    ${adminEmail}`, `  password: ${readFileSync(join(directory, 'admin-password'), 'utf8')}`)
  }
  process.stdout.write(out.join('\n') + '\n')
}
