// Dancing, and the named dance styles.
// One entry per movement (define-movement.ts says what each part means); the registry (registry.ts) derives every
// table of the prompt reader, the posture flow and the synthesis from these entries.
import { dance } from '../actions/dance.js'
import { chaCha, jazz, waltz } from '../actions/dance-steps.js'
import { ballet, disco, hipHop, robot, salsa } from '../actions/dance-styles.js'
import { defineMovement } from './define-movement.js'

export const DANCES = [
  defineMovement({
    kind: 'dance',
    words: [
      'dance', 'boogie'
    ],
    otherWords: [
      'groove', 'jive', 'shimmy', 'capoeira', 'jig'
    ],
    rules: [],
    phrases: { plan: 'dance', listed: 'dance' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 2 },
    synthesise: dance,
    examples: ['dance']
  }),
  defineMovement({
    kind: 'hipHop',
    words: [
      'hiphop', 'breakdance'
    ],
    otherWords: [
      'bop', 'twerk'
    ],
    rules: [],
    phrases: { plan: 'hip hop dance', listed: 'hip hop' },
    limbs: { moves: 'danceStyle', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: {},
    synthesise: hipHop,
    examples: ['hip hop dance']
  }),
  defineMovement({
    kind: 'salsa',
    words: [
      'salsa', 'tango'
    ],
    otherWords: [
      'samba'
    ],
    rules: [],
    phrases: { plan: 'salsa', listed: 'salsa' },
    limbs: { moves: 'danceStyle', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: {},
    synthesise: salsa,
    examples: ['salsa']
  }),
  defineMovement({
    kind: 'disco',
    words: [
      'disco'
    ],
    otherWords: [
      'funk'
    ],
    rules: [],
    phrases: { plan: 'disco', listed: 'disco' },
    limbs: { moves: 'danceStyle', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 2 },
    synthesise: disco,
    examples: ['disco']
  }),
  defineMovement({
    kind: 'ballet',
    words: [
      'pirouette', 'ballet'
    ],
    otherWords: [
      'plie'
    ],
    rules: [],
    phrases: { plan: 'ballet', listed: 'ballet' },
    limbs: { moves: 'danceStyle', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 1 },
    synthesise: ballet,
    examples: ['ballet']
  }),
  defineMovement({
    kind: 'robot',
    words: [
      'robot'
    ],
    otherWords: [],
    rules: [],
    phrases: { plan: 'robot dance', listed: 'robot dance' },
    limbs: { moves: 'danceStyle', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: {},
    synthesise: robot,
    examples: ['robot dance']
  }),
  defineMovement({
    kind: 'waltz',
    words: [
      'waltz'
    ],
    otherWords: [],
    rules: [],
    phrases: { plan: 'waltz', listed: 'waltz' },
    limbs: { moves: 'danceStyle', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 2 },
    synthesise: waltz,
    examples: ['waltz']
  }),
  defineMovement({
    kind: 'chaCha',
    words: [
      'chacha'
    ],
    otherWords: [],
    rules: [],
    phrases: { plan: 'cha-cha', listed: 'cha-cha' },
    limbs: { moves: 'danceStyle', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 2 },
    synthesise: chaCha,
    examples: ['cha-cha']
  }),
  defineMovement({
    kind: 'jazz',
    words: [
      'jazz'
    ],
    otherWords: [],
    rules: [],
    phrases: { plan: 'jazz dance', listed: 'jazz dance' },
    limbs: { moves: 'danceStyle', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 2 },
    synthesise: jazz,
    examples: ['jazz dance']
  })
] as const
