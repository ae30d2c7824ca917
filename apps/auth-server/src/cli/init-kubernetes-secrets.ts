// The Helm chart's init Job: `node dist/cli/init-kubernetes-secrets.js` with SECRET_NAME (and ADMIN_EMAIL, to print
// the operator's sign-in). Generates the secrets missing from that Secret and prints the sign-in the first time only
// (the password stays readable in the Secret as admin-password).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inClusterSecretApi, syncSecrets } from './kubernetes-secret.js'

const name = process.env.SECRET_NAME ?? ''
if (!/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(name)) {
  process.stderr.write(`Configuration error: SECRET_NAME must name a Kubernetes Secret, got ${JSON.stringify(name)}\n`)
  process.exit(1)
}
const directory = mkdtempSync(join(tmpdir(), 'openmotion-secrets-'))
try {
  const { created, kept } = await syncSecrets(inClusterSecretApi(), name, directory)
  const out: string[] = []
  if (created.length === 0) {
    out.push(`openmotion init: all ${kept.length} secrets already in Secret ${name}; nothing generated`)
  } else {
    out.push(`openmotion init: generated ${created.length} secret(s) in Secret ${name} (kept across upgrades and \`helm uninstall\`)`)
    for (const secret of created) out.push(`  ${secret.name.padEnd(29)} ${secret.purpose}`)
    const adminEmail = process.env.ADMIN_EMAIL ?? ''
    if (created.some((s) => s.name === 'admin-password') && adminEmail !== '') {
      out.push('', 'Operator sign-in (printed this once; the password stays in the Secret as admin-password):',
        `  email:    ${adminEmail}`, `  password: ${readFileSync(join(directory, 'admin-password'), 'utf8')}`,
        '  The auth-server access token of this account opens motion-api /admin/v1 and the relay /v1/tenants.')
    }
  }
  process.stdout.write(out.join('\n') + '\n')
} finally {
  rmSync(directory, { recursive: true, force: true })
}
