import { describeDeploymentFiles } from '@openmotion/test-services'
import { authConfig } from '../src/config.js'

describeDeploymentFiles(authConfig, 'auth-server')
