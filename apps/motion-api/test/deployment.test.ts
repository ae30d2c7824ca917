import { describeDeploymentFiles } from '@openmotion/test-services'
import { motionConfig } from '../src/config.js'

describeDeploymentFiles(motionConfig, 'motion-api')
