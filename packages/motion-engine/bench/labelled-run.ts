// Runs the labelled prompt set: each prompt must parse to its actions and its exported motion must pass its check;
// locomotion prompts must also meet the skating targets. Shared by the bench and the tests.
import { readFileSync } from 'node:fs'
import { parsePrompt } from '../src/index.js'
import type { MotionEngine } from '../src/index.js'
import { exportAndRead } from './exported-motion.js'
import { checkMotion } from './labelled-checks.js'
import type { LabelledPrompt } from './labelled-checks.js'
import { measure } from './quality-metrics.js'

export function loadLabelledPrompts (): LabelledPrompt[] {
  return JSON.parse(readFileSync(new URL('./labelled-prompts.json', import.meta.url), 'utf8')) as LabelledPrompt[]
}

export interface LabelledResult { prompt: string, fails: string[], skate?: { mean: number, p95: number, floor: number, limits: [number, number] } }

/** Running gaits are held to the running targets, every other locomotion prompt to the walking ones. */
const RUNNING = /\b(run|runs|running|jog|jogs|jogging|sprint|dash|skip|skips|skipping|gallop|hurry|trot)\b/

export async function runLabelled (engine: MotionEngine, entry: LabelledPrompt): Promise<LabelledResult> {
  const fails: string[] = []
  const kinds = parsePrompt(entry.prompt).flatMap(e => [e.action.kind, ...(e.overlay ? [e.overlay.kind] : [])])
  if (kinds.join(',') !== entry.actions.join(',')) fails.push(`parsed as ${kinds.join(',') || 'nothing'}`)
  let motion
  try {
    motion = await exportAndRead(await engine.generate({ prompt: entry.prompt, seed: 3 }), { skinMesh: false })
  } catch (err) {
    return { prompt: entry.prompt, fails: [...fails, `failed: ${(err as Error).message}`] }
  }
  fails.push(...checkMotion(motion, entry.check))
  if (entry.locomotion !== true) return { prompt: entry.prompt, fails }
  const q = measure(motion)
  const limits: [number, number] = RUNNING.test(entry.prompt) ? [16, 50] : [8, 35]
  if (q.skateMean >= limits[0] || q.skateP95 >= limits[1]) fails.push(`skating ${q.skateMean.toFixed(1)}/${q.skateP95.toFixed(0)} cm/s`)
  if (q.soleFloor < -0.5 || q.soleFloor > 1) fails.push(`floor ${q.soleFloor.toFixed(2)} cm`)
  return { prompt: entry.prompt, fails, skate: { mean: q.skateMean, p95: q.skateP95, floor: q.soleFloor, limits } }
}
