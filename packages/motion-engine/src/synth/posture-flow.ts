// Keeps a timeline physically sequential: a standing action after sitting/lying/kneeling first stands up, an
// upper-body gesture in such a posture is played over the held posture instead (waving while seated), and
// travelling "to the left/right" turns that way first.
import type { ActionSpec, TimelineEntry } from '../prompt/parser.js'
import type { ActionKind } from '../prompt/vocabulary.js'
import type { Posture } from './action-clip.js'

const END_POSTURE: Partial<Record<ActionKind, Posture>> = {
  sitDown: 'sitting',
  lieDown: 'lying',
  crouch: 'crouching',
  kneel: 'kneeling',
  crawl: 'crawling',
  standUp: 'standing',
  getUp: 'standing',
  sitChair: 'chair',
  fall: 'lying',
  pushUp: 'prone',
  plank: 'prone',
  sitUp: 'lying'
}

/** The posture an action leaves the body in, where its parameters decide it. */
function endPosture (action: ActionSpec): Posture | undefined {
  if (action.kind === 'lieDown' && action.style === 'onFront') return 'prone'
  if (action.kind === 'pushed') return action.fall !== true ? 'standing' : action.from === 'back' ? 'prone' : 'lying'
  return END_POSTURE[action.kind]
}

/** Actions that start from any posture. */
const ANY_POSTURE: ReadonlySet<ActionKind> = new Set(['standUp', 'getUp', 'sitDown', 'lieDown', 'crawl', 'kneel', 'crouch', 'idle'])
/** Floor exercises that also start from the floor postures they pass through (push-ups from lying face down). */
const FLOOR_STARTS: Partial<Record<ActionKind, readonly Posture[]>> = {
  pushUp: ['prone', 'crawling', 'kneeling'],
  plank: ['prone', 'crawling', 'kneeling'],
  sitUp: ['lying', 'sitting']
}
const GESTURES: ReadonlySet<ActionKind> = new Set(['wave', 'clap', 'point', 'nod', 'shakeHead', 'lookAround', 'stretch', 'salute', 'cheer', 'shrug',
  'crossArms', 'handsOnHips', 'scratchHead', 'think', 'beckon', 'fistPump', 'thumbsUp', 'facepalm', 'yawn', 'headbang',
  'slap', 'claspHands', 'chop', 'stir', 'wipe', 'drink', 'playGuitar', 'playViolin', 'shakeArms', 'shakeFist', 'knock'])

export function expandTimeline (timeline: TimelineEntry[]): TimelineEntry[] {
  const out: TimelineEntry[] = []
  let posture: Posture = 'standing'
  for (const entry of timeline) {
    const kind = entry.action.kind
    if (posture !== 'standing' && !ANY_POSTURE.has(kind) && FLOOR_STARTS[kind]?.includes(posture) !== true) {
      if (GESTURES.has(kind) && entry.overlay === undefined && posture !== 'crawling' && posture !== 'lying' && posture !== 'prone') {
        // The held posture takes its length from the gesture, so it carries no count or duration of its own.
        out.push({ action: { kind: 'idle', speed: entry.action.speed, emotion: entry.action.emotion }, overlay: entry.action })
        continue
      }
      out.push({ action: { kind: 'standUp', speed: entry.action.speed, emotion: entry.action.emotion } })
      posture = 'standing'
    }
    if (
      ['walk', 'jog', 'run', 'sneak', 'march', 'skip', 'stomp', 'limp', 'stagger', 'carry'].includes(kind) &&
      (entry.action.direction === 'left' || entry.action.direction === 'right')
    ) {
      // "walk to the left": face that way first, then travel forward.
      out.push({
        action: {
          kind: 'turn',
          speed: entry.action.speed,
          emotion: entry.action.emotion,
          direction: entry.action.direction,
          degrees: entry.action.direction === 'left' ? 90 : -90
        }
      })
      out.push({ ...entry, action: { ...entry.action, direction: 'forward' } })
      posture = 'standing'
      continue
    }
    out.push(entry)
    posture = endPosture(entry.action) ?? (kind === 'idle' ? posture : 'standing')
  }
  return out
}
