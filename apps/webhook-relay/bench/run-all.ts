// pnpm --filter @openmotion/webhook-relay run bench — prints ingest and delivery figures for this machine.
import { benchDelivery } from './delivery.js'
import { benchIngest } from './ingest.js'

const lines = [...await benchIngest(), ...await benchDelivery()]
process.stdout.write(`${lines.join('\n')}\n`)
