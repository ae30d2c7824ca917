// Movements of the whole body made in place: jumps, turns, acrobatics, floor exercises and weight shifts.
// One entry per movement (define-movement.ts says what each part means); the registry (registry.ts) derives every
// table of the prompt reader, the posture flow and the synthesis from these entries.
import { backflip, cartwheel, handstand, roll } from '../actions/acrobatics.js'
import { jumpingJacks, sideBend, squat } from '../actions/exercises.js'
import { plank, pushUp, sitUp } from '../actions/floor-exercises.js'
import { hop, jump, jumpRope } from '../actions/jumps.js'
import { spin, turn } from '../actions/turns.js'
import { lunge, sway } from '../actions/weight-shifts.js'
import { legRaise } from '../actions/leg-raise.js'
import { defineMovement } from './define-movement.js'

export const WHOLE_BODY = [
  defineMovement({
    kind: 'legRaise',
    words: ['legraise'],
    otherWords: [],
    rules: [
      // "raises his left leg", "lifting the right leg to the side", "does leg raises": one leg lifted and lowered.
      {
        id: 'raise-a-leg-to-the-side',
        pattern: /\b(?:raise|raises|raised|raising|lift|lifts|lifted|lifting)\s+(?:up\s+)?(?:his\s+|her\s+|their\s+|the\s+|one\s+|a\s+)?(left\s+|right\s+)?leg\s+(?:out\s+)?(?:to\s+the\s+side|sideways)/g,
        rewrite: 'legraise $1leg sideways',
        examples: ['raises the right leg to the side', 'lifting her left leg out sideways']
      },
      {
        id: 'raise-a-leg',
        pattern: /\b(?:raise|raises|raised|raising|lift|lifts|lifted|lifting)\s+(?:up\s+)?(?:his\s+|her\s+|their\s+|the\s+|one\s+|a\s+)?(left\s+|right\s+)?leg\b/g,
        rewrite: 'legraise $1leg',
        examples: ['a human is lifting his left leg', 'lifts one leg']
      },
      { id: 'side-leg-raise', pattern: /\b(?:side|lateral)\s+leg\s+(?:raises?|lifts?)\b/g, rewrite: 'legraise sideways', examples: ['a side leg lift'] },
      { id: 'leg-raise-named', pattern: /\bleg\s+(?:raises?|lifts?)\b/g, rewrite: 'legraise', examples: ['does five leg raises'] }
    ],
    phrases: { plan: 'leg raise', listed: 'leg raise' },
    limbs: { moves: 'wholeBody', gait: false, named: 'leg', sideBefore: true },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 3 },
    synthesise: legRaise,
    examples: ['leg raise', 'a human is lifting his left leg', 'raises his right leg to the side three times']
  }),
  defineMovement({
    kind: 'jump',
    words: [
      'jump', 'leap', 'leapt'
    ],
    otherWords: [
      'vault', 'spring', 'sprang', 'bounce', 'hurdle',
      // A dunk and a volleyball spike are jumps at the net or the basket.
      'dunk', 'spike'
    ],
    rules: [],
    phrases: { plan: 'jump', listed: 'jump' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: true, stepping: false, dodges: true },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 1 },
    synthesise: jump,
    examples: ['jump']
  }),
  defineMovement({
    kind: 'hop',
    words: [
      'hop'
    ],
    otherWords: [
      'hopscotch'
    ],
    rules: [
      // A jump on one foot or leg, or on a named one, is a hop on it ("jumping with one foot", "jumps on his left leg").
      {
        id: 'jump-on-one-foot',
        pattern: /\b(?:jump|jumps|jumped|jumping|leap|leaps|leaping|leapt)\s+(?:on|with|using)\s+(one|a\s+single|(?:his|her|their|the)\s+(?:left|right))\s+(?:foot|leg)\b/g,
        rewrite: 'hops on $1 foot',
        examples: ['a person is jumping with one foot', 'jumps on his left leg', 'jumping on the right foot']
      }
    ],
    phrases: { plan: 'hop', listed: 'hop' },
    limbs: { moves: 'wholeBody', gait: false, named: 'standingFoot', sideBefore: true },
    ways: { again: true, stepping: false, dodges: true },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 3 },
    synthesise: hop,
    examples: ['hop', 'a person is jumping with one foot', 'jumps on one leg three times']
  }),
  defineMovement({
    kind: 'turn',
    words: [
      'turn', 'rotate', 'pivot',
      // a path bent while walking is a turn
      'arc', 'corner', 'curve'
    ],
    otherWords: [
      'swivel'
    ],
    rules: [],
    phrases: { plan: 'turn', listed: 'turn (left/right, degrees)' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: true, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 1 },
    synthesise: turn,
    examples: ['turn']
  }),
  defineMovement({
    kind: 'spin',
    words: [
      'spin', 'spun', 'twirl'
    ],
    otherWords: [
      'whirl', 'twist'
    ],
    rules: [],
    phrases: { plan: 'spin', listed: 'spin' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: true, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 1 },
    synthesise: spin,
    examples: ['spin']
  }),
  defineMovement({
    kind: 'jumpRope',
    words: [
      'jumprope'
    ],
    otherWords: [],
    rules: [],
    phrases: { plan: 'jump rope', listed: 'jump rope' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: {},
    synthesise: jumpRope,
    examples: ['jump rope']
  }),
  defineMovement({
    kind: 'backflip',
    words: [
      'backflip'
    ],
    otherWords: [],
    rules: [],
    phrases: { plan: 'backflip', listed: 'backflip' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 1 },
    synthesise: backflip,
    examples: ['backflip']
  }),
  defineMovement({
    kind: 'cartwheel',
    words: [
      'cartwheel'
    ],
    otherWords: [],
    rules: [],
    phrases: { plan: 'cartwheel', listed: 'cartwheel' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: true, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 1 },
    synthesise: cartwheel,
    examples: ['cartwheel']
  }),
  defineMovement({
    kind: 'handstand',
    words: [
      'handstand'
    ],
    otherWords: [],
    rules: [],
    phrases: { plan: 'handstand', listed: 'handstand' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: {},
    synthesise: handstand,
    examples: ['handstand']
  }),
  defineMovement({
    kind: 'roll',
    words: [
      'somersault'
    ],
    otherWords: [],
    rules: [],
    phrases: { plan: 'roll', listed: 'forward/backward roll' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: true, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 1 },
    synthesise: roll,
    examples: ['a forward roll', 'rolls backward']
  }),
  defineMovement({
    kind: 'sideBend',
    words: [],
    otherWords: [],
    rules: [],
    phrases: { plan: 'bend', listed: 'bend to the side' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: true },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 2 },
    synthesise: sideBend,
    examples: ['bends to the left', 'leans to the right']
  }),
  defineMovement({
    kind: 'lunge',
    words: [],
    otherWords: [
      'lunge'
    ],
    rules: [],
    phrases: { plan: 'lunge', listed: 'lunge' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: true, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 2 },
    synthesise: lunge,
    examples: ['lunge']
  }),
  defineMovement({
    kind: 'sway',
    words: [
      'sway'
    ],
    otherWords: [
      // Rocking is swaying; "rocks out" (to music) is read as headbanging by the lexer.
      'rock'
    ],
    rules: [],
    phrases: { plan: 'sway', listed: 'sway' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 3 },
    synthesise: sway,
    examples: ['sway']
  }),
  defineMovement({
    kind: 'squat',
    words: [
      'squat'
    ],
    otherWords: [
      'workout', 'train'
    ],
    rules: [],
    phrases: { plan: 'squat', listed: 'squat' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: true },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 3 },
    synthesise: squat,
    examples: ['squat']
  }),
  defineMovement({
    kind: 'jumpingJacks',
    words: [
      'jumpingjack'
    ],
    otherWords: [
      'exercise'
    ],
    rules: [],
    phrases: { plan: 'jumping jacks', listed: 'jumping jacks' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 4 },
    synthesise: jumpingJacks,
    examples: ['jumping jacks']
  }),
  defineMovement({
    kind: 'pushUp',
    words: [],
    otherWords: [
      'pushup'
    ],
    rules: [],
    phrases: { plan: 'push-ups', listed: 'push-ups' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'prone', from: ['prone', 'crawling', 'kneeling'], overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 3 },
    synthesise: pushUp,
    examples: ['push-ups']
  }),
  defineMovement({
    kind: 'plank',
    words: [
      // The lexer's word for the exercise: WordNet's verb "plank" (to plonk down) would read "plonk" as a plank held.
      'plankhold'
    ],
    otherWords: [],
    rules: [],
    phrases: { plan: 'hold a plank', listed: 'plank' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'prone', from: ['prone', 'crawling', 'kneeling'], overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: {},
    synthesise: plank,
    examples: ['hold a plank']
  }),
  defineMovement({
    kind: 'sitUp',
    words: [],
    otherWords: [
      'situp'
    ],
    rules: [],
    phrases: { plan: 'sit-ups', listed: 'sit-ups' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'lying', from: ['lying', 'sitting'], overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 3 },
    synthesise: sitUp,
    examples: ['sit-ups']
  })
] as const
