import { describeDeploymentFiles } from '@openmotion/test-services'
import { relayConfig } from '../src/config.js'

describeDeploymentFiles(relayConfig, 'webhook-relay')
