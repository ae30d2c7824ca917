import { fileURLToPath } from 'node:url'
import { describeMainProcess } from '@openmotion/test-services'

describeMainProcess('auth-server process', { main: fileURLToPath(new URL('../../src/main.ts', import.meta.url)), portVariable: 'AUTH_PORT' })
