export {
  ConfigError, EnvEnum, defineConfig, isSet, requireThat,
  type ConfigDefinition, type ConfigOptions, type ConfigRule, type Env, type LoadOptions, type VariableDoc
} from './config.js'
export { commonEnv, operatorAuthEnv } from './common-config.js'
export { REDACTED_FIELDS, createLogger, type Logger, type LoggerConfig } from './logging.js'
export {
  AppError, defineErrors, frameworkCodes,
  type ErrorBody, type ErrorCode, type ErrorDetails, type ErrorFactory, type ErrorSpec, type FrameworkFailure
} from './errors.js'
export { defaultErrorCodes, errorBody, type ErrorCodeMap } from './error-handler.js'
export { SERVICE_UNAVAILABLE_MESSAGE, isServiceUnavailable } from './service-unavailable.js'
export { ErrorResponse, errorResponses } from './error-schema.js'
export { createMetrics, metricsPlugin, type Metrics } from './metrics.js'
export { createReadiness, ReadinessAnswerSchema, type Readiness, type ReadinessAnswer, type ReadinessCheck } from './health.js'
export { createServer, type AppInstance, type ServerOptions } from './server.js'
export { loadConfigOrExit, runService, startServer, type ServiceDefinition, type StartOptions } from './start.js'
export { listenWhileStarting, reportStartup, type StartingServer } from './starting-server.js'
export { isPostgresUrl, openDatabase, type Database, type DatabaseOptions, type QueryOptions, type QueryResult, type SqlExecutor } from './db.js'
export { migrate, type Migration } from './migrations.js'
export { runMigrations } from './migrate-cli.js'
export { closeRedis, createRedis, redisReadinessCheck, type Redis, type RedisOptions } from './redis.js'
export { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox'
export { openAppDatabase, type AppDatabaseOptions } from './app-database.js'
export { corsPlugin, createCorsPolicy, parseOrigins, type CorsPluginOptions, type CorsPolicy, type CorsPolicyOptions } from './cors-policy.js'
export { bearerMatches, bearerToken, hashSecret, randomToken, secretsEqual, sha256Hex, verifySecret } from './secret-compare.js'
export {
  adminGuardFromConfig,
  createAdminGuard,
  type AdminCheck,
  type AdminGuard,
  type AdminGuardOptions,
  type AdminJwksOptions
} from './admin-guard.js'
export { ReadCache, type ReadCacheOptions } from './read-cache.js'
export { sessionHook, type SessionHook, type SessionHookOptions } from './session-hook.js'
export { DEFAULT_TEXT_LIMITS, findHostileInput, textProblem, type HostileInput, type RequestText, type TextLimits } from './input-guard.js'
export {
  BackgroundTasks, retryUntilDone, startPeriodicTask,
  type BackgroundFailure, type PeriodicTask, type PeriodicTaskOptions
} from './background-work.js'
export {
  currentTraceparent, inSpan, parseTraceparent, type SpanOptions, type TraceRelation
} from './tracing/trace-context.js'
