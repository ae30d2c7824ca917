// Blows, and movements with a thing in hand: pushing, pulling, throwing, chores and instruments.
// One entry per movement (define-movement.ts says what each part means); the registry (registry.ts) derives every
// table of the prompt reader, the posture flow and the synthesis from these entries.
import { playGuitar, playViolin } from '../actions/arm-gestures.js'
import { kick, punch } from '../actions/combat.js'
import { batSwing, combo, highKick, pull, push } from '../actions/exercises.js'
import { chop, drink, stir, sweep, wipe } from '../actions/household.js'
import { pickUp, throwAction } from '../actions/objects.js'
import { tennisStroke } from '../actions/tennis-stroke.js'
import { defineMovement } from './define-movement.js'

export const BLOWS_AND_OBJECTS = [
  defineMovement({
    kind: 'punch',
    words: [
      'punch', 'jab', 'hit', 'strike'
    ],
    otherWords: [
      'uppercut', 'hook', 'smack'
    ],
    rules: [],
    phrases: { plan: 'punch', listed: 'punch' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: true },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 1 },
    synthesise: punch,
    examples: ['punch']
  }),
  defineMovement({
    kind: 'kick',
    words: [
      'kick', 'sidekick'
    ],
    otherWords: [],
    rules: [],
    phrases: { plan: 'kick', listed: 'kick' },
    limbs: { moves: 'wholeBody', gait: false, named: 'leg', sideBefore: true },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 1 },
    synthesise: kick,
    examples: ['kick']
  }),
  defineMovement({
    kind: 'highKick',
    words: [
      'highkick'
    ],
    otherWords: [],
    rules: [],
    phrases: { plan: 'high kick', listed: 'high kick' },
    limbs: { moves: 'wholeBody', gait: false, named: 'leg', sideBefore: true },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 1 },
    synthesise: highKick,
    examples: ['high kick']
  }),
  defineMovement({
    kind: 'combo',
    words: [
      'combo', 'combination', 'boxing', 'spar', 'fight'
    ],
    otherWords: [
      'attack', 'brawl', 'kickbox'
    ],
    rules: [],
    phrases: { plan: 'punch combination', listed: 'punch combination' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 1 },
    synthesise: combo,
    examples: ['punch combination']
  }),
  defineMovement({
    kind: 'batSwing',
    words: [
      'swing', 'bat'
    ],
    otherWords: [
      'golf', 'putt', 'minigolf', 'slash', 'swat'
    ],
    rules: [],
    phrases: { plan: 'swing a bat', listed: 'swing a bat' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 1 },
    synthesise: batSwing,
    examples: ['swing a bat']
  }),
  defineMovement({
    kind: 'tennisStroke',
    words: ['tennisstroke', 'forehand'],
    otherWords: [],
    rules: [
      // A backhand is sent `backward`, a serve or smash is `overhand`; the hand holding the racket is the side.
      {
        // A forehand or backhand that is hit, struck, returned or played is the stroke itself, not a punch as well.
        id: 'tennis-hit-a-stroke',
        pattern: /\b(?:hit|hits|hitting|strike|strikes|striking|return|returns|returning|play|plays|playing)\s+(?=(?:a|an|the)\s+(?:tennis\s+)?(?:forehand|backhand)s?\b)/g,
        rewrite: '',
        examples: ['the man hits a backhand', 'a person hits a forehand', 'someone strikes a forehand with his right hand']
      },
      {
        id: 'tennis-backhand',
        pattern: /\b(?:(?:swing|swings|swung|swinging)\s+(?:a\s+|the\s+|his\s+|her\s+|their\s+)?(?:tennis\s+)?racket\s+(?:in\s+a\s+)?|(?:a|an|the)\s+(?:tennis\s+)?|tennis\s+)?backhands?(?:\s+(?:stroke|shot|swing|return)s?)?\b/g,
        rewrite: 'tennisstroke backward',
        examples: ['a backhand with the left hand', 'swings the racket backhand', 'plays a tennis backhand']
      },
      {
        id: 'tennis-serve',
        pattern: /\b(?:(?:serve|serves|served|serving)\s+(?:the\s+|a\s+)?(?:tennis\s+)?ball|(?:a\s+|the\s+)?tennis\s+(?:serve|smash)(?:es)?|(?:a\s+|an\s+|the\s+)?overhead\s+smash(?:es)?|smash(?:es|ed|ing)?\s+(?:the\s+|a\s+)?(?:tennis\s+)?ball)\b/g,
        rewrite: 'tennisstroke overhand',
        examples: ['serves the tennis ball', 'a person performs a tennis serve', 'an overhead smash']
      },
      {
        // "smash" said alone (not "smashes something on the floor"): the tennis smash.
        id: 'tennis-smash-alone',
        pattern: /(?:^|\b(?:a|an|the)\s+)smash(?:es|ed|ing)?(?=\s*(?:$|[,.;!]|\s+(?:then|and|with|twice|once|three|four|five|\d)\b))/g,
        rewrite: ' tennisstroke overhand',
        examples: ['smash', 'a smash with the left hand']
      },
      {
        // "with a racket on his left": the side the racket is on is the hand that holds it.
        id: 'tennis-racket-on-a-side',
        pattern: /\bwith\s+(?:a|an|the|his|her|their)\s+(?:tennis\s+)?racket\s+on\s+(?:his|her|their|the)\s+(left|right)(?:\s+(?:hand\s+)?side)?\b/g,
        rewrite: 'with a racket with the $1 hand',
        examples: ['a person hits something with a racket on his left', 'hits the ball with the racket on her right side']
      },
      {
        // A hit made with a racket, or a movement like a tennis player's or a racket's, is a stroke.
        id: 'tennis-racket-hit',
        pattern: /\b(?:(?:hit|hits|hitting|strike|strikes|striking|beat|beats|beating)\s+(?:something\s+|the\s+ball\s+|a\s+ball\s+|it\s+)?with\s+(?:a|an|the|his|her|their|its)\s+(?:(?:object|thing)\s+(?:similar\s+to|like)\s+a\s+)?(?:tennis\s+)?racket|(?:a\s+)?hit\s+with\s+(?:an?\s+)?(?:object|thing)\s+(?:similar\s+to|like)\s+a\s+(?:tennis\s+)?racket|(?:a\s+)?(?:tennis\s+)?racket(?:[-\s]+like)?\s+(?:movement|motion|swing)|[a-z]+\s+like\s+a\s+tennis\s+player)\b/g,
        rewrite: 'tennisstroke',
        examples: ['a person hits something with a racket on his left', 'a person doing a tennis racket like movement', 'beats like a tennis player',
          'a human performs a hit with an object similar to a tennis racket']
      },
      {
        id: 'tennis-racket-swing',
        pattern: /\b(?:(?:swing|swings|swung|swinging)\s+(?:a\s+|the\s+|his\s+|her\s+|their\s+)?(?:tennis\s+)?racket|(?:play|plays|played|playing)\s+tennis|(?:a\s+|the\s+)?tennis\s+(?:forehand|stroke|shot|swing)s?)(?:\s+(?:in\s+a\s+)?forehand)?\b/g,
        rewrite: 'tennisstroke',
        examples: ['swings a tennis racket forehand', 'a person is doing a tennis forehand', 'plays tennis']
      }
    ],
    phrases: { plan: 'tennis stroke', listed: 'tennis stroke' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 1 },
    synthesise: tennisStroke,
    examples: ['swings a tennis racket forehand', 'a backhand with the left hand', 'serves the tennis ball', 'smash']
  }),
  defineMovement({
    kind: 'push',
    words: [
      'push', 'shove'
    ],
    otherWords: [
      'press'
    ],
    rules: [],
    phrases: { plan: 'push', listed: 'push' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 2 },
    synthesise: push,
    examples: ['push']
  }),
  defineMovement({
    kind: 'pull',
    words: [
      'pull', 'drag', 'tug'
    ],
    otherWords: [
      'heave', 'yank', 'hoist', 'row'
    ],
    rules: [],
    phrases: { plan: 'pull', listed: 'pull' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 2 },
    synthesise: pull,
    examples: ['pull']
  }),
  defineMovement({
    kind: 'pickUp',
    words: [
      'pick', 'grab', 'lift'
    ],
    otherWords: [
      'collect', 'gather', 'fetch', 'retrieve',
      // Putting a thing down is the same reach as picking it up ("puts the box down"); WordNet brings "place", "set" here.
      'put'
    ],
    rules: [],
    phrases: { plan: 'pick up', listed: 'pick up' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: {},
    synthesise: pickUp,
    examples: ['pick up']
  }),
  defineMovement({
    kind: 'throw',
    words: [
      'throw', 'threw', 'toss'
    ],
    otherWords: [
      'hurl', 'fling', 'pitch', 'lob', 'cast', 'launch', 'bowl', 'shoot',
      // Juggling tosses and catches: the closest movement is a throw.
      'juggle',
      // Fishing is casting a line: the arm throws.
      'fish'
    ],
    rules: [],
    phrases: { plan: 'throw', listed: 'throw' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 1 },
    synthesise: throwAction,
    examples: ['throw']
  }),
  defineMovement({
    kind: 'chop',
    words: [
      'chop'
    ],
    otherWords: [
      // A hammer, an axe and a drumstick come down as a chop does.
      'hammer', 'axe', 'drum'
    ],
    rules: [],
    phrases: { plan: 'chop', listed: 'chop' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: true },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: true, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 3 },
    synthesise: chop,
    examples: ['chop']
  }),
  defineMovement({
    kind: 'stir',
    words: [
      'stir'
    ],
    otherWords: [
      'cook'
    ],
    rules: [],
    phrases: { plan: 'stir', listed: 'stir' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: true, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 5 },
    synthesise: stir,
    examples: ['stir']
  }),
  defineMovement({
    kind: 'wipe',
    words: [
      'clean', 'polish', 'scrub',
      // "brushes himself off", "brushes the dust away": a hand passed over the body or a surface.
      'brush', 'wipe'
    ],
    otherWords: [
      // Washing a car, a window or the dishes is wiping it.
      'wash',
      // Writing on a board moves the hand over a surface, as wiping does.
      'write', 'iron', 'paint'
    ],
    rules: [],
    phrases: { plan: 'wipe', listed: 'wipe' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: true, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 4 },
    synthesise: wipe,
    examples: ['wipe']
  }),
  defineMovement({
    kind: 'sweep',
    words: [
      'mop', 'sweep', 'swept'
    ],
    otherWords: [
      // Household chores by their hands' movement.
      'vacuum', 'hoover', 'rake', 'shovel', 'dig'
    ],
    rules: [],
    phrases: { plan: 'sweep', listed: 'sweep' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 4 },
    synthesise: sweep,
    examples: ['sweep']
  }),
  defineMovement({
    kind: 'drink',
    words: [
      'drank', 'drink', 'sip'
    ],
    otherWords: [
      // Food goes to the mouth as a cup does.
      'eat'
    ],
    rules: [],
    phrases: { plan: 'drink', listed: 'drink' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: true, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 1 },
    synthesise: drink,
    examples: ['drink']
  }),
  defineMovement({
    kind: 'playGuitar',
    words: [
      'guitar', 'playguitar', 'strum'
    ],
    otherWords: [],
    rules: [],
    phrases: { plan: 'play guitar', listed: 'play guitar' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: true, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: {},
    synthesise: playGuitar,
    examples: ['play guitar']
  }),
  defineMovement({
    kind: 'playViolin',
    words: [
      'fiddle', 'playviolin', 'violin'
    ],
    otherWords: [],
    rules: [],
    phrases: { plan: 'play violin', listed: 'play violin' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: true, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 3 },
    synthesise: playViolin,
    examples: ['play violin']
  })
] as const
