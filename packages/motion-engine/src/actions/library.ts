// Action kind → synthesizer.
import type { ActionKind } from '../prompt/vocabulary.js'
import type { ActionContext, ActionSynth } from '../synth/action-clip.js'
import { kick, punch } from './combat.js'
import { dance } from './dance.js'
import { bow, clap, lookAround, nod, point, shakeHead, stretch, wave } from './gestures.js'
import { jump, hop } from './jumps.js'
import { sidestep, stepUp, straightGait } from './locomotion.js'
import { pickUp, throwAction } from './objects.js'
import { crawl, crouch, idle, kneel, lieDown, sitDown, standUp } from './postures.js'
import { spin, turn } from './turns.js'

export const ACTIONS: Readonly<Record<ActionKind, ActionSynth>> = {
  idle,
  walk: (ctx: ActionContext) => straightGait('walk', ctx),
  jog: (ctx: ActionContext) => straightGait('jog', ctx),
  run: (ctx: ActionContext) => straightGait('run', ctx),
  sneak: (ctx: ActionContext) => straightGait('sneak', ctx),
  backstep: (ctx: ActionContext) => straightGait('backstep', ctx),
  sidestep,
  stepUp,
  crawl,
  jump,
  hop,
  turn,
  spin,
  sitDown,
  standUp,
  crouch,
  kneel,
  lieDown,
  wave,
  clap,
  point,
  bow,
  nod,
  shakeHead,
  stretch,
  lookAround,
  punch,
  kick,
  dance,
  pickUp,
  throw: throwAction
}
