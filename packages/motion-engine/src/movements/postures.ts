// Taking and leaving a posture: standing still, sitting, crouching, kneeling, lying, falling, being pushed.
// One entry per movement (define-movement.ts says what each part means); the registry (registry.ts) derives every
// table of the prompt reader, the posture flow and the synthesis from these entries.
import { sitChair } from '../actions/chair.js'
import { fall } from '../actions/exercises.js'
import { getUp, kneelFromCrawl, kneelWithHands, lieDownFront } from '../actions/floor-transitions.js'
import { crouch, idle, kneel, lieDown, sitDown, standUp } from '../actions/postures.js'
import { pushed, stumble } from '../actions/reactions.js'
import type { ActionContext } from '../synth/action-clip.js'
import { defineMovement } from './define-movement.js'

export const POSTURES = [
  defineMovement({
    kind: 'idle',
    words: [
      'idle', 'stand', 'wait', 'rest', 'pause', 'breathe', 'balance'
    ],
    otherWords: [],
    rules: [],
    phrases: { plan: 'stand idle', listed: 'idle/stand' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'unchanged', from: 'any', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: {},
    synthesise: idle,
    examples: ['stand idle']
  }),
  defineMovement({
    kind: 'sitDown',
    words: [
      'sit', 'sat'
    ],
    otherWords: [
      'seat', 'settle'
    ],
    rules: [],
    phrases: { plan: 'sit down', listed: 'sit down' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'sitting', from: 'any', overHeld: false, holdsGesture: true, facesWayFirst: false },
    countUnit: 'times',
    defaults: {},
    synthesise: sitDown,
    examples: ['sit down']
  }),
  defineMovement({
    kind: 'standUp',
    words: [],
    otherWords: [
      'rise', 'arise', 'rose'
    ],
    rules: [],
    phrases: { plan: 'stand up', listed: 'stand up' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'any', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: {},
    // Face down, the body gets up the way a person lying on the front does.
    synthesise: (ctx: ActionContext) => (ctx.posture === 'prone' ? getUp(ctx) : standUp(ctx)),
    examples: ['stand up']
  }),
  defineMovement({
    kind: 'crouch',
    words: [
      'crouch', 'duck'
    ],
    otherWords: [
      'hunker', 'cower', 'hide'
    ],
    rules: [],
    phrases: { plan: 'crouch', listed: 'crouch' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: true },
    posture: { ends: 'crouching', from: 'any', overHeld: false, holdsGesture: true, facesWayFirst: false },
    countUnit: 'times',
    defaults: {},
    synthesise: crouch,
    examples: ['crouch']
  }),
  defineMovement({
    kind: 'kneel',
    words: [
      'kneel', 'knelt'
    ],
    otherWords: [
      'genuflect', 'pray', 'propose',
      // Prostration goes down onto the knees, head to the floor.
      'prostrate'
    ],
    rules: [],
    phrases: { plan: 'kneel', listed: 'kneel' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'kneeling', from: 'any', overHeld: false, holdsGesture: true, facesWayFirst: false },
    countUnit: 'times',
    defaults: {},
    synthesise: (ctx: ActionContext) => (ctx.posture === 'crawling' ? kneelFromCrawl(ctx) : ctx.spec.style === 'withHands' ? kneelWithHands(ctx) : kneel(ctx)),
    examples: ['kneel']
  }),
  defineMovement({
    kind: 'lieDown',
    words: [
      'lie', 'lay', 'lying'
    ],
    otherWords: [
      'sleep', 'nap', 'recline', 'sprawl', 'lounge', 'doze'
    ],
    rules: [],
    phrases: { plan: 'lie down', listed: 'lie down' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'lying', from: 'any', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: {},
    synthesise: (ctx: ActionContext) => (ctx.spec.style === 'onFront' ? lieDownFront(ctx) : lieDown(ctx)),
    examples: ['lie down']
  }),
  defineMovement({
    kind: 'sitChair',
    words: [
      'sitchair'
    ],
    otherWords: [
      'perch'
    ],
    rules: [],
    phrases: { plan: 'sit on a chair', listed: 'sit on a chair' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'chair', from: 'standing', overHeld: false, holdsGesture: true, facesWayFirst: false },
    countUnit: 'times',
    defaults: {},
    synthesise: sitChair,
    examples: ['sit on a chair']
  }),
  defineMovement({
    kind: 'getUp',
    words: [],
    otherWords: [
      'getup'
    ],
    rules: [],
    phrases: { plan: 'get up from the ground', listed: 'get up from the ground' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'any', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: {},
    synthesise: (ctx: ActionContext) => (ctx.posture === 'chair' ? standUp(ctx) : getUp(ctx)),
    examples: ['get up from the ground']
  }),
  defineMovement({
    kind: 'fall',
    words: [
      'fall', 'fell', 'collapse', 'faint'
    ],
    otherWords: [
      'tumble',
      // Dying on screen is collapsing to the floor.
      'die', 'topple'
    ],
    rules: [],
    phrases: { plan: 'fall down', listed: 'fall down' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'lying', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: {},
    synthesise: fall,
    examples: ['fall down']
  }),
  defineMovement({
    kind: 'stumble',
    words: [
      'stumble', 'trip'
    ],
    otherWords: [
      // A slip loses the footing; "slips and falls" says the fall.
      'slip'
    ],
    rules: [],
    phrases: { plan: 'stumble', listed: 'stumble' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: {},
    synthesise: stumble,
    examples: ['stumble']
  }),
  defineMovement({
    kind: 'pushed',
    words: [
      'pushed'
    ],
    otherWords: [],
    rules: [],
    phrases: { plan: 'get pushed', listed: 'get pushed' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: {},
    synthesise: pushed,
    examples: ['get pushed']
  })
] as const
