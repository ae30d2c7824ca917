// `@openmotion/common/startup`: what a service's main.ts and config.ts need before its port listens (the config
// definitions and runService). The package's index loads fastify, PGlite, pg, ioredis, jose and prom-client, a
// second or more on a loaded machine; a main that imports only this entry listens first and imports its app after,
// so /healthz answers while the rest loads.
export {
  ConfigError, EnvEnum, defineConfig, isSet, requireThat,
  type ConfigDefinition, type ConfigOptions, type ConfigRule, type Env, type LoadOptions, type VariableDoc
} from './config.js'
export { commonEnv, operatorAuthEnv } from './common-config.js'
export { loadConfigOrExit, runService, type ServiceDefinition, type StartOptions } from './start.js'
export { TRACE_SAMPLERS, tracingConfig, type TracingConfig } from './tracing/tracing-config.js'
export { startTracing, type Tracing } from './tracing/start-tracing.js'
export { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox'
