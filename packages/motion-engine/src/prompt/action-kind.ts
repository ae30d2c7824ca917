// Every action the builtin engine can perform: the kinds of the movement catalogue (src/movements/registry.ts).
export type { ActionKind } from '../movements/registry.js'
