// The one factory the worker calls with its configuration.
import type { MotionEngine } from './engine.js'
import { createBuiltinEngine } from './engines/builtin-engine.js'
import type { BuiltinEngineOptions } from './engines/builtin-engine.js'
import { createHttpEngine } from './engines/http-engine.js'
import type { HttpEngineOptions } from './engines/http-engine.js'

export type EngineConfig =
  | ({ kind: 'builtin' } & BuiltinEngineOptions)
  | ({ kind: 'http' } & HttpEngineOptions)

export function createEngine (config: EngineConfig): MotionEngine {
  if (config.kind === 'http') return createHttpEngine(config)
  return createBuiltinEngine(config)
}
