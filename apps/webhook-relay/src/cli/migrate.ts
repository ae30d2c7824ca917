// `node dist/cli/migrate.js`: applies webhook-relay's migrations to DATABASE_URL (PostgreSQL) and exits; the Helm chart's
// init Job runs it before pods roll. The server migrates at start too, under the same lock.
import { runMigrations } from '@openmotion/common'
import { migrations } from '../adapters/migrations.js'

await runMigrations('webhook-relay', migrations)
