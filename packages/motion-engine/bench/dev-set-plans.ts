// The plans of every development-set caption (bench/dev-set.ts), to list each one a change to the prompt reader
// changes: against a saved snapshot, or between the readers of two commits. A change that means to change no reading
// must print no difference; any other change's differences are each read.
//   tsx bench/dev-set-plans.ts --out /tmp/plans-before.jsonl           save this checkout's plans, one JSON line each
//   tsx bench/dev-set-plans.ts --against /tmp/plans-before.jsonl       diff this checkout against a saved snapshot
//   tsx bench/dev-set-plans.ts --base main                             diff this checkout against a commit's reader
//   tsx bench/dev-set-plans.ts --base HEAD~3 --head HEAD               diff two commits
// A commit's reader is its src/ taken out with `git archive` into node_modules/.cache/dev-set-plans/<commit> (kept
// for the next run) and run against this checkout's dependencies, so a commit that needs another dependency
// version may fail to load. Captions and scoring are this checkout's, the same for both sides. Each changed plan
// is printed with its caption, before and after, and whether the caption's plan was right ([+→-]: right before,
// wrong after).
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { PromptPlan } from '../src/prompt/plan.js'
import { kindOfRecording, loadDevCaptions, planMatches } from './dev-set.js'

type Planner = (prompt: string) => PromptPlan

interface PlanLine { id: string, text: string, ok: boolean | null, plan: string }

const packageDir = fileURLToPath(new URL('..', import.meta.url))

function arg (name: string): string | undefined {
  const i = process.argv.indexOf(name)
  return i < 0 ? undefined : process.argv[i + 1]
}

function git (...args: string[]): Buffer {
  return execFileSync('git', args, { cwd: packageDir, maxBuffer: 256 * 1024 * 1024 })
}

/** The prompt reader of `commit` (this checkout's when undefined), with the commit it names. */
async function plannerOf (commit: string | undefined): Promise<{ name: string, plan: Planner }> {
  if (commit === undefined) {
    const { planPrompt } = await import('../src/prompt/parser.js')
    return { name: 'this checkout', plan: p => planPrompt(p) }
  }
  const hash = git('rev-parse', '--verify', `${commit}^{commit}`).toString().trim()
  const dir = `${packageDir}node_modules/.cache/dev-set-plans/${hash}`
  if (!existsSync(`${dir}/src/prompt/parser.ts`)) {
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    const [root, prefix] = ['--show-toplevel', '--show-prefix'].map(flag => git('rev-parse', flag).toString().trim())
    const tree = git('-C', root!, 'archive', '--format=tar', hash, `${prefix}src`)
    execFileSync('tar', ['-x', `--strip-components=${prefix!.split('/').filter(Boolean).length}`, '-C', dir], { input: tree })
  }
  const parser = await import(pathToFileURL(`${dir}/src/prompt/parser.ts`).href) as { planPrompt: Planner }
  return { name: `${commit} (${hash.slice(0, 10)})`, plan: p => parser.planPrompt(p) }
}

/** Every scored caption's plan, and how many of them are right. */
function planAll (plan: Planner): { lines: PlanLine[], correct: number, scored: number } {
  const lines: PlanLine[] = []
  let correct = 0
  let scored = 0
  for (const c of loadDevCaptions()) {
    const kind = kindOfRecording(c.motion)
    const read = plan(c.text)
    const ok = kind === undefined ? null : planMatches(kind, read.timeline)
    if (ok !== null) { scored++; if (ok) correct++ }
    lines.push({ id: c.id, text: c.text, ok, plan: JSON.stringify(read) })
  }
  return { lines, correct, scored }
}

function report (name: string, r: { correct: number, scored: number }): void {
  console.log(`${name}: ${r.scored} scored captions, ${r.correct} planned right (${((100 * r.correct) / r.scored).toFixed(2)} %)`)
}

function readSnapshot (file: string): PlanLine[] {
  return readFileSync(file, 'utf8').split('\n').filter(l => l.trim() !== '').map(l => JSON.parse(l) as PlanLine)
}

function printDiff (before: readonly PlanLine[], after: readonly PlanLine[]): void {
  const old = new Map(before.map(l => [l.id, l]))
  const mark = (ok: boolean | null | undefined) => (ok === null || ok === undefined ? ' ' : ok ? '+' : '-')
  let changed = 0
  for (const l of after) {
    const b = old.get(l.id)
    if (b !== undefined && b.plan === l.plan) continue
    changed++
    console.log(`\n${l.id} [${mark(b?.ok)}→${mark(l.ok)}] ${l.text}\n  before: ${b?.plan ?? '(none)'}\n  after:  ${l.plan}`)
  }
  console.log(`\n${changed} plans changed`)
}

const base = arg('--base')
const head = await plannerOf(arg('--head'))
const after = planAll(head.plan)
report(head.name, after)
const out = arg('--out')
if (out !== undefined) writeFileSync(out, after.lines.map(l => JSON.stringify(l)).join('\n') + '\n')

const against = arg('--against')
if (against !== undefined) printDiff(readSnapshot(against), after.lines)
if (base !== undefined) {
  const old = await plannerOf(base)
  const before = planAll(old.plan)
  report(old.name, before)
  printDiff(before.lines, after.lines)
}
