// docker compose's one-shot `init` service: `node dist/cli/init-secrets.js /secrets`. Generates the deployment's
// secrets once and prints the operator's sign-in the first time only (the password stays readable in the volume).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ensureSecrets } from './secrets-volume.js'

const directory = process.argv[2] ?? process.env.SECRETS_DIR ?? '/secrets'
const { created, kept } = ensureSecrets(directory)
const out: string[] = []
if (created.length === 0) {
  out.push(`openmotion init: all ${kept.length} secrets already in ${directory}; nothing generated`)
} else {
  out.push(`openmotion init: generated ${created.length} secret(s) in ${directory} (kept across restarts; \`docker compose down -v\` deletes them)`)
  for (const secret of created) out.push(`  ${secret.name.padEnd(29)} ${secret.purpose}`)
  const adminEmail = process.env.ADMIN_EMAIL ?? ''
  if (created.some((s) => s.name === 'admin-password') && adminEmail !== '') {
    const password = readFileSync(join(directory, 'admin-password'), 'utf8')
    out.push('', 'Operator sign-in (printed this once; the password stays in the secrets volume as admin-password):',
      `  email:    ${adminEmail}`, `  password: ${password}`,
      '  The auth-server access token of this account opens motion-api /admin/v1 and the relay /v1/tenants.')
  }
}
process.stdout.write(out.join('\n') + '\n')
