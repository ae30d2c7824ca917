// Paths of a shape people walk: "walks in a square", "runs a figure eight". The engine has gaits, turns and circles;
// a shape is made of them, so a clause that names one plans its sides and corners.
import type { ActionSpec } from './plan.js'

interface Polygon { sides: number, corner: number }

const POLYGONS: Readonly<Record<string, Polygon>> = {
  square: { sides: 4, corner: 90 },
  rectangle: { sides: 4, corner: 90 },
  triangle: { sides: 3, corner: 120 }
}
const FIGURE_EIGHT = 'figureeight'
/** The ways of going on foot that lay out a shape (a skip does not: "skips in a square" stays a skip). */
export const WALKED: ReadonlySet<string> = new Set(['walk', 'jog', 'run', 'sneak', 'march'])
/** The gait each way of going keeps along a path ("marches in a circle" is walked). */
export const PACES: Readonly<Record<string, ActionSpec['gait']>> = { walk: 'walk', march: 'walk', sneak: 'walk', jog: 'jog', skip: 'jog', run: 'run' }
// Laps said as a count ("walks in a square several times") are capped: a clip of many laps says nothing more.
const MAX_LAPS = 3
const STEPS_PER_SIDE = { small: 2, usual: 3, large: 5 }

/**
 * The clause's walk (or run) along the shape its words name, if they name one: each side a walk straight ahead,
 * each corner a turn (to the left unless the walk goes clockwise), once per lap; a figure eight is a circle each way.
 * "Square dance" or a dance along a rectangle keeps the dance: only a gait is laid out.
 */
export function alongShape (actions: ActionSpec[], hasWord: (...w: string[]) => boolean): ActionSpec[] {
  const at = actions.findIndex(a => WALKED.has(a.kind))
  if (at < 0) return actions
  const gait = actions[at]!
  const laid = hasWord(FIGURE_EIGHT) ? figureEight(gait) : polygonPath(gait, hasWord)
  return laid === undefined ? actions : [...actions.slice(0, at), ...laid, ...actions.slice(at + 1)]
}

function polygonPath (gait: ActionSpec, hasWord: (...w: string[]) => boolean): ActionSpec[] | undefined {
  const name = Object.keys(POLYGONS).find(shape => hasWord(shape, `${shape}s`))
  if (name === undefined) return undefined
  const { sides, corner } = POLYGONS[name]!
  const right = gait.direction === 'right'
  const steps = hasWord('small', 'little', 'tiny') ? STEPS_PER_SIDE.small : hasWord('big', 'large', 'wide') ? STEPS_PER_SIDE.large : STEPS_PER_SIDE.usual
  const laps = Math.min(MAX_LAPS, gait.count ?? 1)
  const { count: _count, direction: _direction, durationSeconds: _duration, distance: _distance, ...manner } = gait
  const side: ActionSpec = { ...manner, count: steps, direction: 'forward' }
  const turn: ActionSpec = { kind: 'turn', speed: gait.speed, emotion: gait.emotion, direction: right ? 'right' : 'left', degrees: right ? -corner : corner }
  return Array.from({ length: laps * sides }, () => [side, turn]).flat().map(a => ({ ...a }))
}

function figureEight (gait: ActionSpec): ActionSpec[] {
  const circle = (direction: 'left' | 'right'): ActionSpec => ({ kind: 'circle', speed: gait.speed, emotion: gait.emotion, gait: PACES[gait.kind] ?? 'walk', direction })
  return [circle('left'), circle('right')]
}
