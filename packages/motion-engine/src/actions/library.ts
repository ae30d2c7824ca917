// Action kind → synthesizer: each movement's `synthesise` in the catalogue (src/movements/), where the movement's
// words, groups and postures are too.
import type { ActionKind } from '../prompt/action-kind.js'
import type { ActionSynth } from '../synth/action-clip.js'
import { SYNTHESISERS } from '../movements/registry.js'

export const ACTIONS: Readonly<Record<ActionKind, ActionSynth>> = SYNTHESISERS
