// Prints the floor and foot-slide figures (measured as motion capture is) of custom characters animated by the builtin engine, measured
// on the exported GLB's own skinned mesh. Run: pnpm --filter @openmotion/motion-characters bench
import { createEngine } from '@openmotion/motion-engine'
import { animateCharacter } from '../src/index.js'
import { buildCharacter, glb, NAMING, type Variant } from '../src/testing/corpus.js'
import { floorFigures, skinGlb } from '../test/support/floor-figures.js'

const CHARACTERS: [string, Variant][] = [
  ['boots 4 cm below the rig floor', { rename: NAMING.mixamo, soles: 0.04 }],
  ['athlete build, cm, root bone', { rename: NAMING.unreal, build: 'athlete', soles: 0.02, unitsPerMetre: 100, rootBone: 'root', height: 1.9 }],
  ['long thighs, short shins', { rename: NAMING.mixamo, legs: { thigh: 1.3, shin: 0.85 } }]
]
/** Prompt and skating limits (cm/s, mean and p95): walk-like < 8 / 35, run-like < 16 / 50. */
const PROMPTS: [string, [number, number]][] = [['walk forward for 4 seconds', [8, 35]], ['run forward for 3 seconds', [16, 50]],
  ['kneel down', [8, 35]], ['lie down', [8, 35]], ['sit on the floor', [8, 35]], ['jump forward twice', [16, 50]]]

const engine = createEngine({ kind: 'builtin' })
const rows: string[][] = [['character', 'clip', 'mesh floor cm', 'skate mean cm/s', 'skate p95', 'verdict']]
let failures = 0
for (const [prompt, limits] of PROMPTS) {
  const clip = await engine.generate({ prompt, seed: 1 })
  for (const [name, variant] of CHARACTERS) {
    const files = await animateCharacter(await glb(buildCharacter(variant)), 'glb', clip, { name: 'bench', skipFBX: true })
    const feet = ['LeftFoot', 'LeftToeBase', 'LeftToe_End', 'RightFoot', 'RightToeBase', 'RightToe_End'].map(variant.rename)
    const q = floorFigures(await skinGlb(files[0]!.bytes), feet)
    const fails = [
      ...(q.floor < -0.005 || q.floor > 0.01 ? ['floor'] : []),
      ...(q.skateMean * 100 >= limits[0] || q.skateP95 * 100 >= limits[1] ? ['skate'] : [])
    ]
    failures += fails.length
    rows.push([
      name,
      prompt,
      (q.floor * 100).toFixed(2),
      (q.skateMean * 100).toFixed(1),
      (q.skateP95 * 100).toFixed(1),
      fails.length === 0 ? 'ok' : fails.join(',')
    ])
  }
}
const widths = rows[0]!.map((_, i) => Math.max(...rows.map(r => r[i]!.length)))
for (const r of rows) console.log(r.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '))
console.log('\ntargets: mesh floor −0.5…+1 cm; skating walk-like < 8 mean, < 35 p95; run-like < 16, < 50')
console.log(failures === 0 ? 'all figures within target' : `${failures} figure(s) outside target`)
