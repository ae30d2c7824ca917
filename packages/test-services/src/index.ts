export { describeWithService, serviceSuiteTitle } from './describe-with-service.js'
export { MissingServiceError, isCi, requireService } from './require-service.js'
export { START_HINT, serviceNames, serviceVariables } from './service-variables.js'
export type { ServiceName, ServiceVariable } from './service-variables.js'
