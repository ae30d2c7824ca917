// Prints the motion-quality yardstick for the builtin engine, measured on the exported BVH and GLB.
// Run: pnpm --filter @openmotion/motion-engine bench
import { createBuiltinEngine } from '../src/index.js'
import { exportAndRead } from './exported-motion.js'
import { loadLabelledPrompts, runLabelled } from './labelled-run.js'
import { measure, variantDiversity } from './quality-metrics.js'
import type { QualityFigures } from './quality-metrics.js'
import { DIVERSITY_PROMPTS, MAX_ACCEL, MIN_DIVERSITY, QUALITY_CASES, generateCase } from './quality-cases.js'
import type { QualityCase } from './quality-cases.js'

const engine = createBuiltinEngine()

function verdict (c: QualityCase, q: QualityFigures): string[] {
  const fails: string[] = []
  if (q.meshFloor < -0.5 || q.meshFloor > 1) fails.push('floor')
  if (c.skate !== undefined && (q.skateMean >= c.skate[0] || q.skateP95 >= c.skate[1])) fails.push('skate')
  if (c.gait !== undefined && (q.bob < c.gait.bob[0] || q.bob > c.gait.bob[1])) fails.push('bob')
  if (c.gait !== undefined && q.sway < c.gait.sway) fails.push('sway')
  if (c.flight === true && q.flight <= 0.02) fails.push('flight')
  if (c.speed !== undefined && (q.topSpeed < c.speed[0] || q.topSpeed > c.speed[1])) fails.push('speed')
  if (q.maxAccel >= MAX_ACCEL) fails.push('accel')
  return fails
}

const figuresOf = new Map<string, QualityFigures>()
const header = [
  'clip',
  'mesh floor cm',
  'sole floor cm',
  'skate mean cm/s',
  'skate p95',
  'bob cm',
  'sway cm',
  'flight',
  'top m/s',
  'max acc m/s²',
  'jerk m/s³',
  'balance cm',
  'verdict'
]
const rows: string[][] = []
let failures = 0
for (const c of QUALITY_CASES) {
  const q = measure(await exportAndRead(await generateCase(engine, c), c.character === undefined ? {} : { character: c.character }))
  figuresOf.set(c.name, q)
  const fails = verdict(c, q)
  failures += fails.length
  rows.push([c.name, q.meshFloor.toFixed(2), q.soleFloor.toFixed(2), q.skateMean.toFixed(1), q.skateP95.toFixed(1), q.bob.toFixed(1), q.sway.toFixed(1),
    q.flight.toFixed(2), q.topSpeed.toFixed(2), q.maxAccel.toFixed(0), q.jerk.toFixed(1), q.balance.toFixed(1), fails.length === 0 ? 'ok' : fails.join(',')])
}
for (const prompt of DIVERSITY_PROMPTS) {
  const takes = await Promise.all([0, 1, 2, 3].map(async v => exportAndRead(await engine.generate({ prompt, seed: 1, variantIndex: v }))))
  const d = variantDiversity(takes)
  const ok = d >= MIN_DIVERSITY
  if (!ok) failures++
  rows.push([`variants: ${prompt}`, '', '', '', '', '', '', '', '', '', '', '', `${d.toFixed(1)} cm apart ${ok ? 'ok' : 'FAIL'}`])
}
const widths = header.map((h, i) => Math.max(h.length, ...rows.map(r => r[i]!.length)))
const line = (r: string[]) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')
console.log(line(header))
for (const r of rows) console.log(line(r))
// Option semantics (spec motion-api.md): each comparison with its target.
const f = (name: string): QualityFigures => figuresOf.get(name)!
const semantics: [string, boolean][] = [
  [
    `poseFilteringStrength 1: walk jerk ${f('walk filter 0').jerk.toFixed(0)} → ${f('walk filter 1').jerk.toFixed(0)} m/s³ (−${((1 - f('walk filter 1').jerk / f('walk filter 0').jerk) * 100).toFixed(0)} %, target ≥ 30 %), ` +
      `skating ${f('walk filter 0').skateMean.toFixed(1)} → ${f('walk filter 1').skateMean.toFixed(1)} cm/s (target: no more)`,
    f('walk filter 1').jerk <= f('walk filter 0').jerk * 0.7 && f('walk filter 1').skateMean < f('walk filter 0').skateMean + 0.5
  ],
  [
    `footLockingMode auto skates ${f('walk auto').skateMean.toFixed(1)} cm/s, grounding ${f('walk grounding').skateMean.toFixed(1)} (target: auto no more than grounding)`,
    f('walk auto').skateMean <= f('walk grounding').skateMean + 0.05
  ],
  [
    `dis=s: kicking balance error ${f('kick').balance.toFixed(1)} cm with the simulation, ${f('kick dis=s').balance.toFixed(1)} without (target: off > 1.5, on < half of off)`,
    f('kick dis=s').balance > 1.5 && f('kick').balance < f('kick dis=s').balance * 0.5
  ]
]
for (const [text, ok] of semantics) {
  if (!ok) failures++
  console.log(`${text}: ${ok ? 'ok' : 'FAIL'}`)
}
console.log(
  `\ntargets: mesh floor −0.5…+1 cm (every clip and character); skating walk/turn/side-step/kneel/lying/sitting < 8 mean, < 35 p95; run/jog/jump < 16, < 50; walk bob 2.5–9.5, sway ≥ 1; run/jog flight; top speed run 3–6.5 m/s, sprint 5–10, jog 2–3; end effectors < ${MAX_ACCEL} m/s²; variants ≥ ${MIN_DIVERSITY} cm`
)
console.log(failures === 0 ? 'all figures within target' : `${failures} figure(s) outside target`)

const labelled = loadLabelledPrompts()
let passed = 0
for (const entry of labelled) {
  const r = await runLabelled(engine, entry)
  if (r.fails.length === 0) passed++
  else console.log(`  labelled prompt failed: "${r.prompt}": ${r.fails.join('; ')}`)
}
console.log(`labelled prompts: ${passed}/${labelled.length} pass (${((passed / labelled.length) * 100).toFixed(1)} %)`)
