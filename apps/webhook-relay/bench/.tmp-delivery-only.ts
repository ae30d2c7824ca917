import { benchDelivery } from './delivery.js'
process.stdout.write(`${(await benchDelivery()).join('\n')}\n`)
