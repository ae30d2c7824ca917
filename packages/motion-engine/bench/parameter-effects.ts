// Does every parameter the parser reads change the motion? For each labelled prompt's plan, every action parameter
// is set to another value (left ↔ right, forward ↔ backward, a count 2 higher…) and the clip generated again: an
// identical clip means the action ignored what the words said. Prints those; some are redundant by design (a
// direction its kind implies: "sit down", "moonwalk backwards"; a turn's side is its signed degrees).
import { planPrompt } from '../src/index.js'
import type { ActionSpec } from '../src/index.js'
import { engine } from '../test/helpers/motion.js'
import { LABELLED_PLANS } from './labelled-plans.js'

const FLIP: Readonly<Record<string, string>> = {
  left: 'right',
  right: 'left',
  forward: 'backward',
  backward: 'forward',
  both: 'left',
  front: 'back',
  back: 'front',
  walk: 'run',
  run: 'walk',
  up: 'down',
  down: 'up',
  diagonalLeft: 'diagonalRight',
  diagonalRight: 'diagonalLeft'
}
const FREE = new Set(['kind', 'speed', 'emotion', 'style'])

function otherValue (field: string, value: unknown): unknown {
  if (typeof value === 'boolean') return !value
  if (typeof value === 'number') return field === 'degrees' ? -value : value + 2
  return typeof value === 'string' ? FLIP[value] : undefined
}

const checked = new Set<string>()
let ignored = 0
for (const [prompt] of LABELLED_PLANS) {
  const timeline = planPrompt(prompt).timeline
  for (const [i, entry] of timeline.entries()) {
    for (const [field, value] of Object.entries(entry.action)) {
      const other = otherValue(field, value)
      const key = `${entry.action.kind}.${field}=${JSON.stringify(value)}`
      if (FREE.has(field) || other === undefined || checked.has(key)) continue
      checked.add(key)
      const changed = timeline.map((e, j) => j === i ? { ...e, action: { ...e.action, [field]: other } as ActionSpec } : e)
      const [a, b] = await Promise.all([engine.generateTimeline(timeline, { prompt, seed: 1 }), engine.generateTimeline(changed, { prompt, seed: 1 })])
      if (JSON.stringify(a) === JSON.stringify(b)) {
        ignored++
        console.log(`no effect: ${key} → ${JSON.stringify(other)}   ("${prompt}")`)
      }
    }
  }
}
console.log(`${checked.size} parameter values checked, ${ignored} without effect`)
