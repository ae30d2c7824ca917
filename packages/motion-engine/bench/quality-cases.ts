// The clips the yardstick measures and the targets they must meet (the 90th percentile of real capture).
import type { ActionSpec, BuiltinEngine, GenerateRequest, MotionClip } from '../src/index.js'

export interface QualityCase {
  name: string
  request: GenerateRequest
  /** Stock character whose mesh is measured; default the mannequin. */
  character?: string
  /** Skating limits, cm/s: mean and p95; none for clips that move on hands and knees or fall (only the floor counts). */
  skate?: [number, number]
  /** Walks: pelvis bob range (cm) and minimum sway (cm). */
  gait?: { bob: [number, number], sway: number }
  /** Runs and jogs must leave the floor. */
  flight?: boolean
  /** Top speed band, m/s (quality-metrics' topSpeed), met by the first three seeds: a user's every take is that gait. */
  speed?: [number, number]
  /**
   * What the words must mean, action by action (the parameters named are checked, others are free): the motion is
   * generated from the prompt, so a case measures what a user who writes these words gets.
   */
  means?: Partial<ActionSpec>[]
}

/** The case's motion, generated from its prompt as a user's request is. */
export function generateCase (engine: BuiltinEngine, c: QualityCase, seed = 1): Promise<MotionClip> {
  return engine.generate({ seed, ...c.request })
}

const WALK: QualityCase['skate'] = [8, 35]
const RUN: QualityCase['skate'] = [16, 50]
const walkGait = { bob: [2.5, 9.5] as [number, number], sway: 1 }
// People run at 3–6 m/s and sprint at 5 and more; a jog is 2–3 m/s.
const RUN_SPEED: QualityCase['speed'] = [3, 6.5]
const SPRINT_SPEED: QualityCase['speed'] = [5, 10]
const JOG_SPEED: QualityCase['speed'] = [2, 3]

export const QUALITY_CASES: QualityCase[] = [
  { name: 'walk', request: { prompt: 'walk forward for 5 seconds' }, skate: WALK, gait: walkGait },
  { name: 'run', request: { prompt: 'run forward for 4 seconds' }, skate: RUN, flight: true, speed: RUN_SPEED },
  { name: 'jog', request: { prompt: 'jog forward for 4 seconds' }, skate: RUN, flight: true, speed: JOG_SPEED },
  { name: 'run a few steps', request: { prompt: 'a person runs a few steps' }, means: [{ kind: 'run', count: 3 }], skate: RUN, flight: true, speed: RUN_SPEED },
  { name: 'run 5 meters', request: { prompt: 'run 5 meters' }, means: [{ kind: 'run', distance: 5 }], skate: RUN, flight: true, speed: RUN_SPEED },
  { name: 'run slowing to a stop', request: { prompt: 'runs and slows down to a stop' }, means: [{ kind: 'run' }, { kind: 'jog', count: 2 }, { kind: 'walk', count: 2 }], skate: RUN, flight: true, speed: RUN_SPEED },
  { name: 'sprint', request: { prompt: 'sprint forward' }, means: [{ kind: 'run', speed: 1.4 }], skate: RUN, flight: true, speed: SPRINT_SPEED },
  { name: 'jog a few steps', request: { prompt: 'a person jogs a few steps' }, means: [{ kind: 'jog', count: 3 }], skate: RUN, flight: true, speed: JOG_SPEED },
  { name: 'turn', request: { prompt: 'turn left 180 degrees' }, skate: WALK },
  { name: 'side-step', request: { prompt: 'step to the right four times' }, skate: WALK },
  { name: 'kneel', request: { prompt: 'kneel down' }, skate: WALK },
  { name: 'jump', request: { prompt: 'jump forward twice' }, skate: RUN },
  { name: 'walk auto', request: { prompt: 'walk forward for 5 seconds', options: { footLockingMode: 'auto' } }, skate: WALK, gait: walkGait },
  { name: 'walk always', request: { prompt: 'walk forward for 5 seconds', options: { footLockingMode: 'always' } }, skate: WALK, gait: walkGait },
  { name: 'walk never', request: { prompt: 'walk forward for 5 seconds', options: { footLockingMode: 'never' } }, skate: WALK, gait: walkGait },
  { name: 'walk grounding', request: { prompt: 'walk forward for 5 seconds', options: { footLockingMode: 'grounding' } }, skate: WALK, gait: walkGait },
  { name: 'walk filter 0', request: { prompt: 'walk forward for 5 seconds', options: { poseFilteringStrength: 0 } }, skate: WALK, gait: walkGait },
  { name: 'walk filter 1', request: { prompt: 'walk forward for 5 seconds', options: { poseFilteringStrength: 1 } }, skate: WALK, gait: walkGait },
  { name: 'run filter 1', request: { prompt: 'run forward for 4 seconds', options: { poseFilteringStrength: 1 } }, skate: RUN, flight: true },
  // Resampled to a requested length, the clip's planned contacts are re-timed with it and put back after filtering.
  { name: 'walk 4 s filter 1', request: { prompt: 'walk forward for 5 seconds', durationSeconds: 4, options: { poseFilteringStrength: 1 } }, skate: WALK },
  // Quickened to a shorter length and smoothed at full strength, a walk still sways like a walk.
  { name: 'walk 3 s filter 1', request: { prompt: 'walk forward for 5 seconds', durationSeconds: 3, options: { poseFilteringStrength: 1 } }, skate: WALK, gait: walkGait },
  { name: 'walk dis=s', request: { prompt: 'walk forward for 5 seconds', options: { simulation: false } }, skate: WALK, gait: walkGait },
  { name: 'walk athlete', request: { prompt: 'walk forward for 5 seconds' }, character: 'athlete', skate: WALK, gait: walkGait },
  { name: 'kneel slender', request: { prompt: 'kneel down' }, character: 'slender', skate: WALK },
  { name: 'lie down', request: { prompt: 'lie down' }, skate: WALK },
  { name: 'lie down athlete', request: { prompt: 'lie down on your back' }, character: 'athlete', skate: WALK },
  { name: 'sit on floor', request: { prompt: 'sit on the floor' }, skate: WALK },
  { name: 'sit on floor slender', request: { prompt: 'sit on the floor' }, character: 'slender', skate: WALK },
  { name: 'crawl', request: { prompt: 'crawl forward' } },
  { name: 'fall down athlete', request: { prompt: 'fall down' }, character: 'athlete' },
  { name: 'kick', request: { prompt: 'kick twice' }, skate: WALK },
  { name: 'kick dis=s', request: { prompt: 'kick twice', options: { simulation: false } }, skate: WALK },
  // Whole-body actions and the extended locomotion.
  { name: 'backflip', request: { prompt: 'do a backflip' }, skate: RUN, flight: true },
  { name: 'cartwheel', request: { prompt: 'do a cartwheel' } },
  { name: 'jump rope', request: { prompt: 'a person jumps rope' }, means: [{ kind: 'jumpRope' }], skate: RUN, flight: true },
  { name: 'moonwalk', request: { prompt: 'moonwalk' } },
  { name: 'stumble', request: { prompt: 'he loses his balance and recovers' }, means: [{ kind: 'stumble' }], skate: WALK },
  { name: 'stumble backwards', request: { prompt: 'he stumbles backwards' }, means: [{ kind: 'stumble', direction: 'backward' }], skate: WALK },
  { name: 'crawl backwards', request: { prompt: 'crawl backwards 2 meters' }, means: [{ kind: 'crawl', direction: 'backward', distance: 2 }] },
  { name: 'pushed from the front', request: { prompt: 'he is pushed from the front' }, means: [{ kind: 'pushed', from: 'front' }], skate: WALK },
  { name: 'pushed from the left', request: { prompt: 'he is pushed from the left' }, means: [{ kind: 'pushed', from: 'left' }], skate: WALK },
  { name: 'pushed from the front, falls', request: { prompt: 'he is pushed from the front and falls' }, means: [{ kind: 'pushed', from: 'front', fall: true }] },
  { name: 'pushed from behind, falls', request: { prompt: 'he is pushed from behind and falls' }, means: [{ kind: 'pushed', from: 'back', fall: true }] },
  {
    name: 'lie down, get up with hands',
    request: { prompt: 'lie down on the back, then get up from the ground with the hands' },
    means: [{ kind: 'lieDown', style: 'onBack' }, { kind: 'getUp', style: 'withHands' }]
  },
  { name: 'lie down on the front, get up', request: { prompt: 'lie down on the front, then get up' }, means: [{ kind: 'lieDown', style: 'onFront' }, { kind: 'getUp' }] },
  { name: 'kneel with hands', request: { prompt: 'kneel down with hand support' }, means: [{ kind: 'kneel', style: 'withHands' }] },
  { name: 'crawl, kneel', request: { prompt: 'crawl forward, then kneel' }, means: [{ kind: 'crawl' }, { kind: 'kneel' }] },
  { name: 'side bend', request: { prompt: 'bend the trunk to the left and to the right' }, means: [{ kind: 'sideBend', side: 'both' }], skate: WALK },
  { name: 'waltz', request: { prompt: 'waltz' }, skate: WALK },
  { name: 'cha-cha', request: { prompt: 'dance the cha-cha' }, means: [{ kind: 'chaCha' }], skate: WALK },
  { name: 'jazz', request: { prompt: 'a jazz dance' }, means: [{ kind: 'jazz' }], skate: WALK },
  { name: 'turn around clockwise', request: { prompt: 'turn right 180 degrees' }, skate: WALK },
  { name: 'sidestep left 4', request: { prompt: 'step to the left four times' }, skate: WALK },
  { name: 'walk diagonally', request: { prompt: 'walk diagonally to the left for 4 seconds' }, means: [{ kind: 'walk', direction: 'diagonalLeft', durationSeconds: 4 }], skate: WALK, gait: walkGait },
  { name: 'circle clockwise', request: { prompt: 'walk in a circle to the right' }, skate: WALK, gait: walkGait },
  { name: 'march', request: { prompt: 'march forward for 4 seconds' }, skate: WALK, gait: walkGait },
  { name: 'march in place', request: { prompt: 'march in place' }, skate: WALK },
  { name: 'stomp with the left foot', request: { prompt: 'stomp with the left foot' }, means: [{ kind: 'stomp', side: 'left' }], skate: WALK },
  { name: 'jump to the left', request: { prompt: 'jump to the left twice' }, means: [{ kind: 'jump', direction: 'left', count: 2 }], skate: RUN },
  { name: 'hop on the left foot', request: { prompt: 'hop three times on the left foot' }, skate: RUN, flight: true },
  // Upper-body actions, standing and over a walk.
  { name: 'slap', request: { prompt: 'slap him twice' }, skate: WALK },
  { name: 'clasp hands', request: { prompt: 'clasp your hands' }, skate: WALK },
  { name: 'attention', request: { prompt: 'the soldier comes to attention' }, skate: WALK },
  { name: 'attention described', request: { prompt: 'stands at attention, arms pointing down' }, means: [{ kind: 'attention' }], skate: WALK },
  { name: 'tennis forehand', request: { prompt: 'swings a tennis racket forehand' }, means: [{ kind: 'tennisStroke' }], skate: WALK },
  { name: 'tennis backhand', request: { prompt: 'a backhand with the left hand' }, means: [{ kind: 'tennisStroke', direction: 'backward', side: 'left' }], skate: WALK },
  { name: 'tennis serve', request: { prompt: 'serves the tennis ball' }, means: [{ kind: 'tennisStroke', style: 'overhand' }], skate: WALK },
  { name: 'look at a hand', request: { prompt: 'looks at his left hand' }, means: [{ kind: 'lookAtBody', side: 'left' }], skate: WALK },
  { name: 'look at the feet', request: { prompt: 'glances at her feet' }, means: [{ kind: 'lookAtBody', direction: 'down' }], skate: WALK },
  { name: 'chop', request: { prompt: 'chop wood three times' }, skate: WALK },
  { name: 'stir', request: { prompt: 'stir the pot' }, skate: WALK },
  { name: 'wipe', request: { prompt: 'wipe the window' }, skate: WALK },
  { name: 'sweep', request: { prompt: 'sweep the floor' }, skate: WALK },
  { name: 'drink', request: { prompt: 'drink from a cup' }, skate: WALK },
  { name: 'guitar', request: { prompt: 'play the guitar' }, skate: WALK },
  { name: 'violin', request: { prompt: 'play the violin' }, skate: WALK },
  { name: 'shake arms', request: { prompt: 'jiggle your arms' }, skate: WALK },
  { name: 'shake fist', request: { prompt: 'angrily brandish a fist' }, skate: WALK },
  { name: 'throw', request: { prompt: 'throw a ball' }, skate: WALK },
  { name: 'walk drinking', request: { prompt: 'walk forward while drinking from a cup' }, skate: WALK, gait: walkGait },
  { name: 'walk sweeping', request: { prompt: 'walk forward while sweeping' }, skate: WALK, gait: walkGait },
  // Floor work, exercises and balance.
  { name: 'handstand', request: { prompt: 'do a handstand' }, means: [{ kind: 'handstand' }] },
  { name: 'forward roll', request: { prompt: 'do a forward roll' }, means: [{ kind: 'roll' }] },
  { name: 'backward roll', request: { prompt: 'roll backwards' }, means: [{ kind: 'roll', direction: 'backward' }] },
  { name: 'push-ups', request: { prompt: 'do three push-ups' }, means: [{ kind: 'pushUp', count: 3 }] },
  { name: 'sit-ups', request: { prompt: 'do three sit-ups' }, means: [{ kind: 'sitUp', count: 3 }] },
  { name: 'plank', request: { prompt: 'hold a plank for 4 seconds' }, means: [{ kind: 'plank', durationSeconds: 4 }] },
  { name: 'knock', request: { prompt: 'knock on the door three times' }, means: [{ kind: 'knock', count: 3 }] },
  { name: 'raise an arm', request: { prompt: 'raise your left arm' }, means: [{ kind: 'point', side: 'left', direction: 'up' }] },
  { name: 'lunges', request: { prompt: 'lunge forward twice' }, means: [{ kind: 'lunge', direction: 'forward', count: 2 }], skate: WALK },
  { name: 'side lunge', request: { prompt: 'a lunge to the left' }, means: [{ kind: 'lunge', direction: 'left' }], skate: WALK },
  { name: 'sway', request: { prompt: 'sway from side to side' }, means: [{ kind: 'sway' }], skate: WALK }
]

/** Prompts whose variants are compared for diversity. */
export const DIVERSITY_PROMPTS = ['walk forward for 4 seconds', 'wave with the right hand', 'jump', 'dance for 4 seconds']

/** Acceleration limit of hands, feet and head, m/s². */
export const MAX_ACCEL = 400
/** Smallest distance between two variants of one prompt, cm. */
export const MIN_DIVERSITY = 5
