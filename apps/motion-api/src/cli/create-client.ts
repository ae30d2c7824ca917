// Operator CLI: `pnpm --filter @openmotion/motion-api run create-client -- <client-id> [plan]` creates a client
// on the configured database (same env as the server) and prints its secret once.
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { loadConfigOrExit, migrate, openDatabase } from '@openmotion/common'
import { motionConfig } from '../config.js'
import { AccountStore } from '../adapters/account-store.js'
import { migrations } from '../adapters/migrations.js'

const [id, planName = 'dev'] = process.argv.slice(2).filter((a) => a !== '--')
if (id === undefined || !/^[\w.-]{3,64}$/.test(id)) {
  process.stderr.write('usage: create-client <client-id (3-64 of A-Z a-z 0-9 _ . -)> [plan]\n')
  process.exit(2)
}
const config = loadConfigOrExit(motionConfig)
const db = await openDatabase({ url: config.DATABASE_URL, dataDir: join(config.DATA_DIR, 'db') })
try {
  await migrate(db, 'motion-api', migrations)
  const accounts = new AccountStore(db)
  const plan = await accounts.getPlan(planName) ?? (planName === 'dev'
    ? await accounts.upsertPlan({ name: 'dev', credits: config.DEV_PLAN_CREDITS, maxVariants: config.DEV_PLAN_MAX_VARIANTS, periodDays: 30 })
    : undefined)
  if (plan === undefined) {
    process.stderr.write(`unknown plan ${planName}; create it with PUT /admin/v1/plans/${planName}\n`)
    process.exitCode = 1
  } else if (await accounts.getClient(id) !== undefined) {
    process.stderr.write(`client ${id} already exists; rotate its secret with POST /admin/v1/clients/${id}/secret\n`)
    process.exitCode = 1
  } else {
    const secret = randomBytes(32).toString('base64url')
    await accounts.createClient({ id, secret, plan })
    process.stdout.write(`client_id=${id}\nclient_secret=${secret}\nplan=${plan.name}\n`)
  }
} finally {
  await db.close()
}
