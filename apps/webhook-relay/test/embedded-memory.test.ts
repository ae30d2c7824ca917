// The quick start's memory ceiling for the relay: at most 300 MB resident once ready and idle on the
// embedded defaults (see describeEmbeddedMemory in @openmotion/test-services).
import { join } from 'node:path'
import { describeEmbeddedMemory } from '@openmotion/test-services'

describeEmbeddedMemory('the relay on its embedded defaults', { appDir: join(import.meta.dirname, '..'), portVariable: 'WEBHOOK_PORT', ceilingMb: 300 })
