// Keeps a timeline physically sequential: a standing action after sitting/lying/kneeling first stands up, an
// upper-body gesture in such a posture is played over the held posture instead (waving while seated), and
// travelling "to the left/right" turns that way first.
import type { ActionSpec, TimelineEntry } from '../prompt/plan.js'
import { FACES_WAY_FIRST, floorStarts, FROM_ANY_POSTURE, movement, OVER_HELD_POSTURE } from '../movements/registry.js'
import type { Posture } from './action-clip.js'

/** The posture an action leaves the body in, where its parameters decide it. */
function endPosture (action: ActionSpec): Posture | undefined {
  if (action.kind === 'lieDown' && action.style === 'onFront') return 'prone'
  if (action.kind === 'pushed') return action.fall !== true ? 'standing' : action.from === 'back' ? 'prone' : 'lying'
  const ends = movement(action.kind).posture.ends
  return ends === 'unchanged' ? undefined : ends
}

export function expandTimeline (timeline: TimelineEntry[]): TimelineEntry[] {
  const out: TimelineEntry[] = []
  let posture: Posture = 'standing'
  for (const entry of timeline) {
    const kind = entry.action.kind
    if (posture !== 'standing' && !FROM_ANY_POSTURE.has(kind) && !floorStarts(kind).includes(posture)) {
      if (OVER_HELD_POSTURE.has(kind) && entry.overlay === undefined && posture !== 'crawling' && posture !== 'lying' && posture !== 'prone') {
        // The held posture takes its length from the gesture, so it carries no count or duration of its own.
        out.push({ action: { kind: 'idle', speed: entry.action.speed, emotion: entry.action.emotion }, overlay: entry.action })
        continue
      }
      out.push({ action: { kind: 'standUp', speed: entry.action.speed, emotion: entry.action.emotion } })
      posture = 'standing'
    }
    if (
      FACES_WAY_FIRST.has(kind) &&
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
    posture = endPosture(entry.action) ?? posture
  }
  return out
}
