// Gestures of the head, arms and hands: made standing, over a walk, or over a held posture.
// Longer than most files: one entry for each of 29 gestures, read top to bottom.
// One entry per movement (define-movement.ts says what each part means); the registry (registry.ts) derives every
// table of the prompt reader, the posture flow and the synthesis from these entries.
import { attention, claspHands, knock, shakeArms, shakeFist, slap } from '../actions/arm-gestures.js'
import { beckon, cheer, crossArms, facepalm, fistPump, flap, handsOnHips, headbang, salute, scratchHead, shrug, swim, think, thumbsUp, yawn } from '../actions/expressions.js'
import { bow, clap, lookAround, nod, point, shakeHead, stretch, wave } from '../actions/gestures.js'
import { flexBiceps } from '../actions/biceps-flex.js'
import { lookAtBody } from '../actions/look-at-body.js'
import { defineMovement } from './define-movement.js'

// "looks at", "glancing down at", "stares at her own": a look at what follows.
const LOOKS = 'look|looks|looked|looking|glance|glances|glanced|glancing|stare|stares|stared|staring|peer|peers|peered|peering|gaze|gazes|gazed|gazing'
const LOOKING_AT = String.raw`\b(?:${LOOKS})\s+(?:down\s+)?at\s+(?:his|her|their|its|the|one's|both)?\s*(?:own\s+)?`
const lookingAt = (target: string): RegExp => new RegExp(LOOKING_AT + target, 'g')

export const GESTURES = [
  defineMovement({
    kind: 'flexBiceps',
    words: ['flexbiceps'],
    otherWords: [],
    rules: [
      {
        id: 'flex-the-biceps',
        pattern: /\b(?:flex|flexes|flexed|flexing|show|shows|showed|showing)\s+(?:off\s+)?(?:his\s+|her\s+|their\s+|the\s+|both\s+)?(left\s+|right\s+)?(?:biceps?|muscles?|arm\s+muscles?)\b/g,
        rewrite: 'flexbiceps $1arm',
        examples: ['a man flexes his biceps', 'flexing his right biceps', 'shows off his muscles']
      }
    ],
    phrases: { plan: 'flex biceps', listed: 'flex biceps' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: true, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 2 },
    synthesise: flexBiceps,
    examples: ['flex biceps', 'a man flexes his biceps', 'flexing his left biceps']
  }),
  defineMovement({
    kind: 'wave',
    words: [
      'wave'
    ],
    otherWords: [
      'greet', 'hello', 'goodbye', 'bye', 'farewell', 'hail', 'signal'
    ],
    rules: [],
    phrases: { plan: 'wave', listed: 'wave' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: true, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 3 },
    synthesise: wave,
    examples: ['wave']
  }),
  defineMovement({
    kind: 'clap',
    words: [
      'clap', 'applaud'
    ],
    otherWords: [
      'applause'
    ],
    rules: [],
    phrases: { plan: 'clap', listed: 'clap' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: true, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 4 },
    synthesise: clap,
    examples: ['clap']
  }),
  defineMovement({
    kind: 'point',
    words: [
      'point', 'raisehand',
      // A handshake holds one hand out in front: of the engine's movements the one-hand forward reach of a point is the
      // closest (a wave is raised by the head, a beckon curls the hand in, shaking the arms is both arms hanging loose).
      'handshake'
    ],
    otherWords: [
      'indicate', 'gesture', 'aim'
    ],
    rules: [],
    phrases: { plan: 'point', listed: 'point' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: true, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: {},
    synthesise: point,
    examples: ['point']
  }),
  defineMovement({
    kind: 'bow',
    words: [
      'bow'
    ],
    otherWords: [
      'curtsy', 'bend', 'lean'
    ],
    rules: [],
    phrases: { plan: 'bow', listed: 'bow' },
    limbs: { moves: 'wholeBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: true },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 1 },
    synthesise: bow,
    examples: ['bow']
  }),
  defineMovement({
    kind: 'nod',
    words: [
      'nod'
    ],
    otherWords: [
      'agree'
    ],
    rules: [],
    phrases: { plan: 'nod', listed: 'nod' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: true, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 3 },
    synthesise: nod,
    examples: ['nod']
  }),
  defineMovement({
    kind: 'shakeHead',
    words: [
      'shake'
    ],
    otherWords: [
      'disagree', 'refuse', 'deny'
    ],
    rules: [],
    phrases: { plan: 'shake head', listed: 'shake head' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: true, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 3 },
    synthesise: shakeHead,
    examples: ['shake head']
  }),
  defineMovement({
    kind: 'stretch',
    words: [
      'stretch'
    ],
    otherWords: [
      'reach', 'warm', 'limber',
      // "arches his back" bends the back, a stretch (WordNet's arch → curve would make it a turn).
      'arch', 'surf'
    ],
    rules: [],
    phrases: { plan: 'stretch', listed: 'stretch' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: true, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: {},
    synthesise: stretch,
    examples: ['stretch']
  }),
  defineMovement({
    kind: 'lookAtBody',
    words: ['lookatbody'],
    otherWords: [],
    rules: [
      // Looking at one's own hand (its side the hand looked at) or feet (sent down); "look at the body" is the plan text.
      {
        id: 'look-at-the-feet',
        pattern: lookingAt(String.raw`(?:(?:left|right)\s+)?(?:feet|foot|toes|shoes)\b`),
        rewrite: 'lookatbody down',
        examples: ['glances at her feet', 'in the end looks at his feet']
      },
      {
        // Looking down (at the floor): the head bowed toward the feet, as for a look at them.
        id: 'look-down',
        pattern: new RegExp(String.raw`\b(?:${LOOKS})\s+down(?:wards?)?(?:\s+at\s+(?:the\s+)?(?:floor|ground))?\b(?!\s+at\b)`, 'g'),
        rewrite: 'lookatbody down',
        examples: ['a person is walking slowly, looking down', 'looks down at the floor']
      },
      {
        id: 'look-at-a-named-hand',
        pattern: lookingAt(String.raw`(left|right)\s+(?:hand|arm|palm|wrist)\b`),
        rewrite: 'lookatbody with the $1 hand',
        examples: ['looks at his left hand', 'and then looks at their right hand']
      },
      {
        id: 'look-at-the-hands',
        pattern: lookingAt(String.raw`(?:hands|arms|palms)\b`),
        rewrite: 'lookatbody with both hands',
        examples: ['looks at his hands']
      },
      {
        // A glance at the wrist is at the watch, worn on the left.
        id: 'look-at-the-watch',
        pattern: lookingAt(String.raw`(?:wrist|watch|wristwatch)\b`),
        rewrite: 'lookatbody with the left hand',
        examples: ['occasionally glancing at their wrist', 'looks at his watch']
      },
      {
        id: 'look-at-a-hand',
        pattern: lookingAt(String.raw`(?:hand|palm)\b`),
        rewrite: 'lookatbody',
        examples: ['stares at her palm']
      },
      { id: 'look-at-the-body-plan', pattern: /\blook\s+at\s+the\s+body\b/g, rewrite: 'lookatbody', examples: ['look at the body with the left hand', 'look at the body down'] }
    ],
    phrases: { plan: 'look at the body', listed: 'look at a hand or the feet' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: true, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: {},
    synthesise: lookAtBody,
    examples: ['looks at his left hand', 'glances at her feet', 'looks at his hands']
  }),
  defineMovement({
    kind: 'lookAround',
    words: [
      'look', 'glance'
    ],
    otherWords: [
      'search', 'scan', 'observe', 'peek', 'watch', 'gaze'
    ],
    rules: [],
    phrases: { plan: 'look around', listed: 'look around' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: true, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: true, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: {},
    synthesise: lookAround,
    examples: ['look around']
  }),
  defineMovement({
    kind: 'salute',
    words: [
      'salute'
    ],
    otherWords: [],
    rules: [],
    phrases: { plan: 'salute', listed: 'salute' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: true, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: {},
    synthesise: salute,
    examples: ['salute']
  }),
  defineMovement({
    kind: 'cheer',
    words: [
      'cheer', 'celebrate', 'hooray'
    ],
    otherWords: [
      'rejoice', 'yay', 'woohoo'
    ],
    rules: [],
    phrases: { plan: 'cheer', listed: 'cheer' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: true, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 3 },
    synthesise: cheer,
    examples: ['cheer']
  }),
  defineMovement({
    kind: 'shrug',
    words: [
      'shrug'
    ],
    otherWords: [
      'dunno'
    ],
    rules: [],
    phrases: { plan: 'shrug', listed: 'shrug' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: true, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 1 },
    synthesise: shrug,
    examples: ['shrug']
  }),
  defineMovement({
    kind: 'crossArms',
    words: [
      'fold'
    ],
    otherWords: [],
    rules: [],
    phrases: { plan: 'cross arms', listed: 'cross arms' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: true, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: {},
    synthesise: crossArms,
    examples: ['cross arms']
  }),
  defineMovement({
    kind: 'handsOnHips',
    words: [
      'handsonhips'
    ],
    otherWords: [],
    rules: [],
    phrases: { plan: 'hands on hips', listed: 'hands on hips' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: true, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: {},
    synthesise: handsOnHips,
    examples: ['hands on hips']
  }),
  defineMovement({
    kind: 'scratchHead',
    words: [
      'scratch'
    ],
    otherWords: [
      'comb'
    ],
    rules: [],
    phrases: { plan: 'scratch head', listed: 'scratch head' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: true, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 5 },
    synthesise: scratchHead,
    examples: ['scratch head']
  }),
  defineMovement({
    kind: 'think',
    words: [
      'think', 'ponder', 'wonder'
    ],
    otherWords: [
      'puzzle', 'consider', 'contemplate'
    ],
    rules: [],
    phrases: { plan: 'think', listed: 'think' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: true, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: {},
    synthesise: think,
    examples: ['think']
  }),
  defineMovement({
    kind: 'beckon',
    words: [
      'beckon', 'summon'
    ],
    otherWords: [
      'invite', 'call'
    ],
    rules: [],
    phrases: { plan: 'beckon', listed: 'beckon' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: true, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 3 },
    synthesise: beckon,
    examples: ['beckon']
  }),
  defineMovement({
    kind: 'fistPump',
    words: [
      'fistpump'
    ],
    otherWords: [
      'triumph', 'victory', 'win'
    ],
    rules: [],
    phrases: { plan: 'fist pump', listed: 'fist pump' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: true, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 3 },
    synthesise: fistPump,
    examples: ['fist pump']
  }),
  defineMovement({
    kind: 'thumbsUp',
    words: [
      'thumb'
    ],
    otherWords: [
      'approve', 'ok', 'okay'
    ],
    rules: [],
    phrases: { plan: 'thumbs up', listed: 'thumbs up' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: true, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: {},
    synthesise: thumbsUp,
    examples: ['thumbs up']
  }),
  defineMovement({
    kind: 'facepalm',
    words: [
      'facepalm'
    ],
    otherWords: [
      'sigh'
    ],
    rules: [],
    phrases: { plan: 'facepalm', listed: 'facepalm' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: true, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: {},
    synthesise: facepalm,
    examples: ['facepalm']
  }),
  defineMovement({
    kind: 'yawn',
    words: [
      'yawn'
    ],
    otherWords: [],
    rules: [],
    phrases: { plan: 'yawn', listed: 'yawn' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: true, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: {},
    synthesise: yawn,
    examples: ['yawn']
  }),
  defineMovement({
    kind: 'flap',
    words: [
      'flap', 'fly', 'flew', 'soar', 'chicken', 'flutter'
    ],
    otherWords: [
      'glide'
    ],
    rules: [],
    phrases: { plan: 'flap arms', listed: 'flap arms/fly' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 5 },
    synthesise: flap,
    examples: ['flap arms']
  }),
  defineMovement({
    kind: 'swim',
    words: [
      'swim', 'swam'
    ],
    otherWords: [
      'paddle', 'float', 'dive'
    ],
    rules: [],
    phrases: { plan: 'swim', listed: 'swim' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 3 },
    synthesise: swim,
    examples: ['swim']
  }),
  defineMovement({
    kind: 'headbang',
    words: [
      'headbang'
    ],
    otherWords: [
      'mosh'
    ],
    rules: [],
    phrases: { plan: 'headbang', listed: 'headbang' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: true, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 6 },
    synthesise: headbang,
    examples: ['headbang']
  }),
  defineMovement({
    kind: 'slap',
    words: [
      'slap'
    ],
    otherWords: [],
    rules: [],
    phrases: { plan: 'slap', listed: 'slap' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: true },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: true, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 1 },
    synthesise: slap,
    examples: ['slap']
  }),
  defineMovement({
    kind: 'claspHands',
    words: [
      'clasp', 'clasphands',
      // A catch brings both hands together in front, as a clasp does.
      'catch', 'caught'
    ],
    otherWords: [
      // Arms closed around someone in front: the hands meet as in a clasp.
      'hug', 'embrace', 'cuddle'
    ],
    rules: [],
    phrases: { plan: 'clasp hands', listed: 'clasp hands' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: true, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: {},
    synthesise: claspHands,
    examples: ['clasp hands']
  }),
  defineMovement({
    kind: 'attention',
    words: [
      'attention'
    ],
    otherWords: [],
    rules: [
      // What standing at attention already is (straight, arms down the sides) adds no movement, no side and no way.
      {
        id: 'attention-pose-named',
        pattern: /\b(?:in|into)\s+(?:an?\s+|the\s+)?attention\s+(?:pose|position|stance|posture)\b/g,
        rewrite: 'at attention',
        examples: ['a man standing in an attention pose', 'a person stands in attention position']
      },
      {
        id: 'straight-at-attention',
        pattern: /\b(?:up\s+(?:straight\s+|upright\s+)?|(?:straight|upright|erect|tall)\s+)(?:(?:like|as)\s+(?:a\s+)?soldier\s+)?(at|in|to)\s+attention\b/g,
        rewrite: '$1 attention',
        examples: ['stands up straight at attention', 'a soldier stands up at attention', 'standing straight like a soldier at attention']
      },
      {
        id: 'attention-arms-described',
        pattern: new RegExp(String.raw`\b((?:at|in|to)\s+(?:full\s+)?attention)\s*,?\s*(?:with\s+|and\s+)?(?:(?:his|her|their|the|both)\s+)?` +
          String.raw`(?:(?:left|right)\s+)?(?:arms?|hands?)\s+(?:(?:are|is|held|kept|pointing|pointed|point|points|hanging|hang|hangs|stretched)\s+)*` +
          String.raw`(?:straight(?:\s+down)?|down(?:wards?)?|to\s+the\s+(?:floor|ground)|(?:at|by|along)\s+(?:(?:his|her|their|the)\s+)?(?:sides?|body))\b`, 'g'),
        rewrite: '$1',
        examples: ['stands at attention, arms pointing down', 'he stands at attention with hands pointing to the floor', 'stands at attention with the right arm straight']
      }
    ],
    phrases: { plan: 'stand at attention', listed: 'stand at attention' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: false, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: {},
    synthesise: attention,
    examples: ['stand at attention', 'stands at attention, arms pointing down', 'standing straight like a soldier at attention']
  }),
  defineMovement({
    kind: 'shakeArms',
    words: [
      'jiggle', 'shakearms', 'wag', 'thrash', 'flail', 'wiggle'
    ],
    otherWords: [
      // Cold and fear shake the body; the engine's shaking movement is the arms'.
      'shiver', 'tremble', 'shudder'
    ],
    rules: [],
    phrases: { plan: 'shake arms', listed: 'shake arms' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: true, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: {},
    synthesise: shakeArms,
    examples: ['shake arms']
  }),
  defineMovement({
    kind: 'shakeFist',
    words: [
      'brandish', 'shakefist'
    ],
    otherWords: [],
    rules: [],
    phrases: { plan: 'shake fist', listed: 'shake a fist' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: false },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: true, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 6 },
    synthesise: shakeFist,
    examples: ['shake fist']
  }),
  defineMovement({
    kind: 'knock',
    words: [
      'knock', 'rap'
    ],
    otherWords: [],
    rules: [],
    phrases: { plan: 'knock', listed: 'knock' },
    limbs: { moves: 'upperBody', gait: false, named: 'hand', sideBefore: true },
    ways: { again: false, stepping: false, dodges: false },
    posture: { ends: 'standing', from: 'standing', overHeld: true, holdsGesture: false, facesWayFirst: false },
    countUnit: 'times',
    defaults: { count: 3 },
    synthesise: knock,
    examples: ['knock']
  })
] as const
