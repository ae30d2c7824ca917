// Action kind → synthesizer.
import type { ActionKind } from '../prompt/vocabulary.js'
import type { ActionContext, ActionSynth } from '../synth/action-clip.js'
import { kick, punch, stamp } from './combat.js'
import { dance } from './dance.js'
import { bow, clap, lookAround, nod, point, shakeHead, stretch, wave } from './gestures.js'
import { jump, hop, jumpRope } from './jumps.js'
import { sidestep, stepUp, straightGait } from './locomotion.js'
import { pickUp, throwAction } from './objects.js'
import { crawl, crouch, idle, kneel, lieDown, sitDown, standUp } from './postures.js'
import { spin, turn } from './turns.js'
import { sitChair } from './chair.js'
import { ballet, disco, hipHop, robot, salsa } from './dance-styles.js'
import { batSwing, combo, fall, highKick, jumpingJacks, pull, push, sideBend, squat } from './exercises.js'
import {
  beckon,
  cheer,
  crossArms,
  facepalm,
  fistPump,
  flap,
  handsOnHips,
  headbang,
  salute,
  scratchHead,
  shrug,
  swim,
  think,
  thumbsUp,
  yawn
} from './expressions.js'
import { circle, zigzag } from './paths.js'
import { backflip, cartwheel, handstand, roll } from './acrobatics.js'
import { getUp, kneelFromCrawl, kneelWithHands, lieDownFront } from './floor-transitions.js'
import { pushed, stumble } from './reactions.js'
import { chaCha, jazz, moonwalk, waltz } from './dance-steps.js'
import { attention, claspHands, knock, playGuitar, playViolin, shakeArms, shakeFist, slap } from './arm-gestures.js'
import { chop, drink, stir, sweep, wipe } from './household.js'
import { plank, pushUp, sitUp } from './floor-exercises.js'
import { lunge, sway } from './weight-shifts.js'

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
  // Face down, the body gets up the way a person lying on the front does.
  standUp: (ctx: ActionContext) => (ctx.posture === 'prone' ? getUp(ctx) : standUp(ctx)),
  crouch,
  kneel: (ctx: ActionContext) => (ctx.posture === 'crawling' ? kneelFromCrawl(ctx) : ctx.spec.style === 'withHands' ? kneelWithHands(ctx) : kneel(ctx)),
  lieDown: (ctx: ActionContext) => (ctx.spec.style === 'onFront' ? lieDownFront(ctx) : lieDown(ctx)),
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
  throw: throwAction,
  skip: (ctx: ActionContext) => straightGait('skip', ctx),
  // "stomp with the left foot" stamps that foot on the spot; otherwise a stomping walk, feet in turn.
  stomp: (ctx: ActionContext) => (ctx.spec.direction === undefined && (ctx.spec.side === 'left' || ctx.spec.side === 'right') ? stamp(ctx) : straightGait('stomp', ctx)),
  march: (ctx: ActionContext) => straightGait('march', ctx),
  limp: (ctx: ActionContext) => straightGait('limp', ctx),
  stagger: (ctx: ActionContext) => straightGait('stagger', ctx),
  carry: (ctx: ActionContext) => straightGait('carry', ctx),
  circle,
  zigzag,
  sitChair,
  fall,
  squat,
  jumpingJacks,
  highKick,
  combo,
  push,
  pull,
  batSwing,
  salute,
  cheer,
  shrug,
  crossArms,
  handsOnHips,
  scratchHead,
  think,
  beckon,
  fistPump,
  thumbsUp,
  facepalm,
  yawn,
  flap,
  swim,
  headbang,
  hipHop,
  salsa,
  disco,
  ballet,
  robot,
  jumpRope,
  backflip,
  cartwheel,
  moonwalk,
  stumble,
  pushed,
  getUp: (ctx: ActionContext) => (ctx.posture === 'chair' ? standUp(ctx) : getUp(ctx)),
  sideBend,
  waltz,
  chaCha,
  jazz,
  slap,
  knock,
  claspHands,
  attention,
  chop,
  stir,
  wipe,
  sweep,
  drink,
  playGuitar,
  playViolin,
  shakeArms,
  shakeFist,
  handstand,
  roll,
  pushUp,
  plank,
  sitUp,
  lunge,
  sway
}
