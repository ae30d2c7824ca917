// Writes the plan of every development-set caption (bench/dev-set.ts) to a file, one JSON line per caption, and with
// --against <file> prints every caption whose plan differs from that file's, old plan and new. A change to the
// prompt reader that means to change no reading must print no difference.
//   tsx bench/dev-set-plans.ts --out /tmp/plans-before.jsonl
//   tsx bench/dev-set-plans.ts --out /tmp/plans-after.jsonl --against /tmp/plans-before.jsonl
import { readFileSync, writeFileSync } from 'node:fs'
import { planPrompt } from '../src/prompt/parser.js'
import { kindOfRecording, loadDevCaptions, planMatches } from './dev-set.js'

function arg (name: string): string | undefined {
  const i = process.argv.indexOf(name)
  return i < 0 ? undefined : process.argv[i + 1]
}

interface PlanLine { id: string, text: string, ok: boolean | null, plan: string }

const lines: PlanLine[] = []
let correct = 0
let scored = 0
for (const c of loadDevCaptions()) {
  const kind = kindOfRecording(c.motion)
  const read = planPrompt(c.text)
  const ok = kind === undefined ? null : planMatches(kind, read.timeline)
  if (ok !== null) { scored++; if (ok) correct++ }
  lines.push({ id: c.id, text: c.text, ok, plan: JSON.stringify(read) })
}
const out = arg('--out')
if (out !== undefined) writeFileSync(out, lines.map(l => JSON.stringify(l)).join('\n') + '\n')
console.log(`${scored} scored captions, ${correct} planned right (${((100 * correct) / scored).toFixed(2)} %)`)

const against = arg('--against')
if (against !== undefined) {
  const before = new Map<string, PlanLine>()
  for (const l of readFileSync(against, 'utf8').split('\n')) {
    if (l.trim() === '') continue
    const p = JSON.parse(l) as PlanLine
    before.set(p.id, p)
  }
  let changed = 0
  for (const l of lines) {
    const b = before.get(l.id)
    if (b !== undefined && b.plan === l.plan) continue
    changed++
    const mark = (ok: boolean | null | undefined) => (ok === null || ok === undefined ? ' ' : ok ? '+' : '-')
    console.log(`\n${l.id} [${mark(b?.ok)}→${mark(l.ok)}] ${l.text}\n  before: ${b?.plan ?? '(none)'}\n  after:  ${l.plan}`)
  }
  console.log(`\n${changed} plans changed`)
}
