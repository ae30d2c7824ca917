// Going on foot: gaits, steps and paths walked. A side named for one of them is the leading foot.
// One entry per movement (define-movement.ts says what each part means); the registry (registry.ts) derives every
// table of the prompt reader, the posture flow and the synthesis from these entries.
import { stamp } from '../actions/combat.js'
import { moonwalk } from '../actions/dance-steps.js'
import { sidestep, stepUp, straightGait } from '../actions/locomotion.js'
import { circle, zigzag } from '../actions/paths.js'
import { crawl } from '../actions/postures.js'
import type { ActionContext } from '../synth/action-clip.js'
import { defineMovement } from './define-movement.js'

export const TRAVEL = [
  defineMovement({
    kind: 'walk',
    words: [
      'walk', 'stroll', 'go', 'move', 'pace'
    ],
    otherWords: [
      'amble', 'wander', 'saunter', 'stride', 'strode', 'hike', 'trek', 'roam', 'promenade', 'tread', 'trudge',
      'plod', 'shamble', 'waddle', 'walkabout', 'advance', 'approach', 'proceed', 'travel', 'went', 'leave',
      // Gliding on skates, skis or a board travels as a walk does (WordNet would make them a bird's glide); a surfer
      // balances with the arms held out.
      'skate', 'skateboard', 'rollerblade', 'ski'
    ],
    rules: [
      // A walk "in reverse" goes backward, facing the way it came from.
      { id: 'walk-in-reverse', pattern: /\bin\s+reverse\b/g, rewrite: 'backward', examples: ['a person walks in reverse', 'walking in reverse slowly'] }
    ],
    phrases: { plan: 'walk', listed: 'walk' },
    limbs: { moves: 'legs', gait: true, named: 'foot', sideBefore: false },
    ways: { again: true, stepping: true, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: true },
    countUnit: 'steps',
    defaults: { count: 6 },
    synthesise: (ctx: ActionContext) => straightGait('walk', ctx),
    examples: ['walk', 'walks in reverse']
  }),
  defineMovement({
    kind: 'jog',
    words: [
      'jog'
    ],
    otherWords: [
      'trot', 'lope'
    ],
    rules: [],
    phrases: { plan: 'jog', listed: 'jog' },
    limbs: { moves: 'legs', gait: true, named: 'foot', sideBefore: false },
    ways: { again: true, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: true },
    countUnit: 'steps',
    defaults: {},
    synthesise: (ctx: ActionContext) => straightGait('jog', ctx),
    examples: ['jog']
  }),
  defineMovement({
    kind: 'run',
    words: [
      'run', 'ran', 'sprint', 'dash'
    ],
    otherWords: [
      'hurry', 'rush', 'race', 'bolt', 'flee', 'fled', 'scurry', 'scamper', 'charge'
    ],
    rules: [],
    phrases: { plan: 'run', listed: 'run' },
    limbs: { moves: 'legs', gait: true, named: 'foot', sideBefore: false },
    ways: { again: true, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: true },
    countUnit: 'steps',
    defaults: {},
    synthesise: (ctx: ActionContext) => straightGait('run', ctx),
    examples: ['run']
  }),
  defineMovement({
    kind: 'sneak',
    words: [
      'sneak', 'snuck', 'tiptoe', 'creep', 'crept'
    ],
    otherWords: [
      'prowl', 'stalk', 'slink', 'lurk'
    ],
    rules: [],
    phrases: { plan: 'sneak', listed: 'sneak' },
    limbs: { moves: 'legs', gait: true, named: 'foot', sideBefore: false },
    ways: { again: true, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: true },
    countUnit: 'steps',
    defaults: { count: 5 },
    synthesise: (ctx: ActionContext) => straightGait('sneak', ctx),
    examples: ['sneak']
  }),
  defineMovement({
    kind: 'crawl',
    words: [
      'crawl'
    ],
    otherWords: [],
    rules: [],
    phrases: { plan: 'crawl', listed: 'crawl' },
    limbs: { moves: 'legs', gait: true, named: 'foot', sideBefore: false },
    ways: { again: true, stepping: false, dodges: false },
    posture: { ends: 'crawling', from: 'any', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'steps',
    defaults: {},
    synthesise: crawl,
    examples: ['crawl']
  }),
  defineMovement({
    kind: 'sidestep',
    words: [
      'sidestep', 'strafe', 'shuffle'
    ],
    otherWords: [
      // Giving way to one side, or back.
      'dodge', 'evade', 'avoid'
    ],
    rules: [],
    phrases: { plan: 'sidestep', listed: 'step (sideways/left/right/back)' },
    limbs: { moves: 'legs', gait: false, named: 'foot', sideBefore: false },
    ways: { again: true, stepping: true, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'steps',
    defaults: { count: 2 },
    synthesise: sidestep,
    examples: ['sidestep']
  }),
  defineMovement({
    kind: 'backstep',
    words: [],
    otherWords: [
      'retreat'
    ],
    rules: [],
    phrases: { plan: 'step back', listed: null },
    limbs: { moves: 'legs', gait: false, named: 'foot', sideBefore: false },
    ways: { again: true, stepping: true, dodges: true },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'steps',
    defaults: { count: 4 },
    synthesise: (ctx: ActionContext) => straightGait('backstep', ctx),
    examples: ['step back']
  }),
  defineMovement({
    kind: 'stepUp',
    words: [
      'climb'
    ],
    otherWords: [
      'stairs', 'ascend', 'mount', 'scale'
    ],
    rules: [],
    phrases: { plan: 'climb', listed: 'step up/climb' },
    limbs: { moves: 'wholeBody', gait: false, named: 'foot', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 1 },
    synthesise: stepUp,
    examples: ['climb']
  }),
  defineMovement({
    kind: 'skip',
    words: [
      'skip'
    ],
    otherWords: [
      'gallop', 'prance', 'frolic', 'bound'
    ],
    rules: [],
    phrases: { plan: 'skip', listed: 'skip' },
    limbs: { moves: 'legs', gait: true, named: 'foot', sideBefore: false },
    ways: { again: true, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: true },
    countUnit: 'times',
    defaults: {},
    synthesise: (ctx: ActionContext) => straightGait('skip', ctx),
    examples: ['skip']
  }),
  defineMovement({
    kind: 'stomp',
    words: [
      'stomp', 'stamp'
    ],
    otherWords: [],
    rules: [],
    phrases: { plan: 'stomp', listed: 'stomp' },
    limbs: { moves: 'legs', gait: true, named: 'leg', sideBefore: true },
    ways: { again: true, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: true },
    countUnit: 'times',
    defaults: { count: 5 },
    // "stomp with the left foot" stamps that foot on the spot; otherwise a stomping walk, feet in turn.
    synthesise: (ctx: ActionContext) => (ctx.spec.direction === undefined && (ctx.spec.side === 'left' || ctx.spec.side === 'right') ? stamp(ctx) : straightGait('stomp', ctx)),
    examples: ['stomp']
  }),
  defineMovement({
    kind: 'march',
    words: [
      'march'
    ],
    otherWords: [
      'parade', 'drill'
    ],
    rules: [],
    phrases: { plan: 'march', listed: 'march' },
    limbs: { moves: 'legs', gait: true, named: 'foot', sideBefore: false },
    ways: { again: true, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: true },
    countUnit: 'steps',
    defaults: {},
    synthesise: (ctx: ActionContext) => straightGait('march', ctx),
    examples: ['march']
  }),
  defineMovement({
    kind: 'limp',
    words: [
      'limp', 'hobble'
    ],
    otherWords: [],
    rules: [],
    phrases: { plan: 'limp', listed: 'limp' },
    limbs: { moves: 'legs', gait: true, named: 'foot', sideBefore: false },
    ways: { again: true, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: true },
    countUnit: 'steps',
    defaults: { count: 5 },
    synthesise: (ctx: ActionContext) => straightGait('limp', ctx),
    examples: ['limp']
  }),
  defineMovement({
    kind: 'stagger',
    words: [
      'stagger', 'totter', 'wobble'
    ],
    otherWords: [],
    rules: [],
    phrases: { plan: 'stagger', listed: 'stagger' },
    limbs: { moves: 'legs', gait: true, named: 'foot', sideBefore: false },
    ways: { again: true, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: true },
    countUnit: 'steps',
    defaults: { count: 6 },
    synthesise: (ctx: ActionContext) => straightGait('stagger', ctx),
    examples: ['stagger']
  }),
  defineMovement({
    kind: 'carry',
    words: [
      'carry', 'haul'
    ],
    otherWords: [
      'lug', 'tote', 'transport'
    ],
    rules: [],
    phrases: { plan: 'carry', listed: 'carry' },
    limbs: { moves: 'legs', gait: true, named: 'foot', sideBefore: false },
    ways: { again: true, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: true },
    countUnit: 'times',
    defaults: { count: 6 },
    synthesise: (ctx: ActionContext) => straightGait('carry', ctx),
    examples: ['carry']
  }),
  defineMovement({
    kind: 'circle',
    words: [
      'circle', 'circuit', 'circular'
    ],
    otherWords: [
      'spiral', 'orbit'
    ],
    rules: [],
    phrases: { plan: 'walk in a circle', listed: 'walk in a circle' },
    limbs: { moves: 'legs', gait: false, named: 'foot', sideBefore: false },
    ways: { again: true, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 1 },
    synthesise: circle,
    examples: ['walk in a circle']
  }),
  defineMovement({
    kind: 'zigzag',
    words: [
      'zigzag'
    ],
    otherWords: [
      'weave', 'slalom', 'swerve'
    ],
    rules: [],
    phrases: { plan: 'zigzag', listed: 'zig-zag' },
    limbs: { moves: 'legs', gait: false, named: 'foot', sideBefore: false },
    ways: { again: true, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 4 },
    synthesise: zigzag,
    examples: ['zigzag']
  }),
  defineMovement({
    kind: 'moonwalk',
    words: [
      'moonwalk'
    ],
    otherWords: [],
    rules: [],
    phrases: { plan: 'moonwalk', listed: 'moonwalk' },
    limbs: { moves: 'legs', gait: true, named: 'foot', sideBefore: false },
    ways: { again: true, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'steps',
    defaults: { count: 6 },
    synthesise: moonwalk,
    examples: ['moonwalk']
  })
] as const
