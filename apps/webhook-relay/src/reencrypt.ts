// `pnpm --filter @openmotion/webhook-relay reencrypt` (node dist/reencrypt.js): after putting a new key first in
// ENCRYPTION_KEYS, re-seals every stored message, signing secret and custom header set under it, so the old key
// can then be dropped from the list. Reads the relay's own configuration (DATABASE_URL, ENCRYPTION_KEYS, …).
import { createLogger, loadConfigOrExit, migrate, openDatabase } from '@openmotion/common'
import { resealAll } from './adapters/data-resealer.js'
import { migrations } from './adapters/migrations.js'
import { relayConfig } from './config.js'
import { cipherFromConfig, plaintextCipher } from './domain/envelope-encryption.js'

const config = loadConfigOrExit(relayConfig)
const logger = createLogger({ name: 'webhook-relay-reencrypt', level: config.LOG_LEVEL })
const cipher = cipherFromConfig(config)
if (cipher === plaintextCipher) {
  logger.error('ENCRYPTION_KEYS (or ENCRYPTION_KEY) is not set: nothing to encrypt with')
  process.exitCode = 1
} else {
  const db = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR })
  try {
    await migrate(db, 'webhook-relay', migrations)
    const counts = await resealAll(db, cipher)
    logger.info({ keyId: cipher.keyId, ...counts }, 're-encrypted stored data under the newest key')
  } finally {
    await db.close()
  }
}
