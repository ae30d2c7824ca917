export { describeWithService, serviceSuiteTitle } from './describe-with-service.js'
export { MissingServiceError, isCi, requireService } from './require-service.js'
export { START_HINT, serviceNames, serviceVariables } from './service-variables.js'
export type { ServiceName, ServiceVariable } from './service-variables.js'
export { chromiumLaunchOptions, type ChromiumLaunchOptions } from './chromium-launch.js'
export { openBrowserPage, type BrowserPage, type BrowserPageOptions } from './browser-page.js'
export { browserWalk, type BrowserWalk, type BrowserWalkOptions } from './browser-walk.js'
export { describeMainProcess, spawnMain, type MainProcess, type MainProcessSuite } from './main-process.js'
export { describeDeploymentFiles, findDeploymentDrift, undocumentedVariables, type DeclaredVariables, type DeploymentDrift } from './deployment-files.js'
export { bearer, startFakeAuthServer, withOperatorAuth, type FakeAuthServer, type OperatorAuthSuite, type OperatorAuthVariables } from './fake-auth-server.js'
export { openapiGaps, operationsOf, type OpenapiDocument, type OpenapiGapOptions } from './openapi-gaps.js'
export { runSchemathesis, type SchemathesisOptions, type SchemathesisResult } from './schemathesis-run.js'
export { freePort } from './free-port.js'
export { MissingToolError, requireTool } from './require-tool.js'
export { privateRedisAvailable, startPrivateRedis, type PrivateRedis } from './private-redis.js'
export { suiteBudget } from './suite-budget.js'
export {
  HOSTILE_TEXT, OVER_LONG, fillPath, hostileCases, pathParams, routesOf,
  type AppRoute, type HostileCase, type HostileCaseOptions, type HostileText, type Position, type RoutePrinter
} from './hostile-requests.js'
export { privatePostgresAvailable, startPrivatePostgres, type PrivatePostgres } from './private-postgres.js'
export { itThroughPostgresFault, type PostgresFault } from './postgres-fault.js'
export { kafkaToolDir, privateKafkaAvailable, startPrivateKafka, type PrivateKafka } from './private-kafka.js'
export {
  errorCodeOf, faultSuite, runFaultDrill, timedFetch, uncleanOutcomes,
  type Answer, type DrillOutcome, type DrillPhase, type Fault, type FaultDrillOptions, type FaultDrillResult, type FaultSuite, type PrivateService
} from './fault-drill.js'
export { describeEmbeddedMemory, residentMb, type EmbeddedMemorySuite } from './embedded-memory.js'
export { jaegerTrace, startPrivateJaeger, type JaegerSpan, type JaegerTrace, type PrivateJaeger } from './private-jaeger.js'
export { privateSeaweedfsAvailable, s3Settings, startPrivateSeaweedfs, type PrivateS3, type S3Settings } from './s3-server.js'
export {
  expectDegradedThenUnavailable, expectServiceEndpoints,
  type InjectedAnswer, type InjectingApp, type PingedDatabase, type ServiceEndpoints
} from './service-endpoints.js'
