import { fileURLToPath } from 'node:url'
import { describeMainProcess } from '@openmotion/test-services'

describeMainProcess('webhook-relay process', { main: fileURLToPath(new URL('../../src/main.ts', import.meta.url)), portVariable: 'WEBHOOK_PORT' })
