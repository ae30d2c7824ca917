// The movement catalogue (src/movements/) is the one place a movement is defined: every table of the reader and the
// synthesis comes from it, its examples read as their movement, and its stated defaults are the synthesis' own.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MOVEMENT_RULES, MOVEMENTS, VERB_TABLE } from '../src/movements/registry.js'
import { planPrompt } from '../src/prompt/parser.js'
import { compose } from '../src/synth/compose.js'
import { createHumanoidSkeleton } from '../src/skeleton.js'
import type { ActionSpec } from '../src/index.js'

const SRC = new URL('../src/', import.meta.url).pathname
const KINDS = new Set<string>(MOVEMENTS.map(m => m.kind))

function sourceFiles (dir: string): string[] {
  return readdirSync(dir).flatMap(name => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : []
  })
}

// Lists of movement names that are rules, not definitions: the verbs a path is walked in, the gaits the composer lets
// flow into each other mid-stride (a synthesis rule on the clips), and the gaits a climb beside them replaces.
const RULE_LISTS_ALLOWED = new Set(['prompt/path-shapes.ts:WALKED', 'synth/compose.ts:GAITS', 'prompt/combine.ts:'])

describe('movement catalogue', () => {
  it('defines each kind once, and no source outside src/movements lists movements of its own', () => {
    expect(KINDS.size).toBe(MOVEMENTS.length)
    const offenders: string[] = []
    for (const file of sourceFiles(SRC)) {
      const rel = file.slice(SRC.length)
      if (rel.startsWith('movements/') || rel === 'prompt/wordnet-tables.ts') continue
      const text = readFileSync(file, 'utf8')
      if (/type\s+ActionKind\s*=/.test(text)) offenders.push(`${rel}: declares ActionKind`)
      if (/Record<ActionKind[^>]*>\s*=\s*\{/.test(text)) offenders.push(`${rel}: a table keyed by movement`)
      // A literal list of three or more movement names ("new Set(['walk', 'jog', 'run'])", "['walk', 'run'].includes").
      for (const m of text.matchAll(/(?:const\s+(\w+)[^=\n]*=\s*)?(?:new Set\()?\[((?:\s*'[A-Za-z]+'\s*,?)+)\]/g)) {
        const names = [...m[2]!.matchAll(/'([A-Za-z]+)'/g)].map(n => n[1]!).filter(n => KINDS.has(n))
        if (names.length >= 3 && !RULE_LISTS_ALLOWED.has(`${rel}:${m[1] ?? ''}`)) offenders.push(`${rel}: lists ${names.join(', ')}`)
      }
    }
    expect(offenders).toEqual([])
  })

  it('gives a word to one movement only', () => {
    const seen = new Map<string, string>()
    const twice: string[] = []
    for (const m of MOVEMENTS) {
      for (const w of [...m.words, ...m.otherWords]) {
        if (seen.has(w)) twice.push(`${w}: ${seen.get(w)} and ${m.kind}`)
        seen.set(w, m.kind)
      }
    }
    expect(twice).toEqual([])
    expect(Object.keys(VERB_TABLE).length).toBe(seen.size + 1)
  })

  it.each(MOVEMENTS.flatMap(m => m.examples.map(e => [m.kind, e] as const)))('reads %s in its example "%s"', (kind, example) => {
    const timeline = planPrompt(example).timeline
    expect(timeline.flatMap(e => [e.action.kind, ...(e.overlay === undefined ? [] : [e.overlay.kind])])).toContain(kind)
  })

  it.each(MOVEMENT_RULES.flatMap(r => r.examples.map(e => [r.id, e] as const)))('rewrites with rule %s "%s"', (_id, example) => {
    const rule = MOVEMENT_RULES.find(r => r.id === _id)!
    expect(example.toLowerCase().replace(rule.pattern, rule.rewrite)).not.toBe(example.toLowerCase())
  })

  it('states the count each movement makes when the prompt gives none', async () => {
    const skeleton = createHumanoidSkeleton()
    const frames = async (action: ActionSpec) => (await compose({ timeline: [{ action }], skeleton, fps: 30, seed: 0, variantIndex: 0 })).clip.frameCount
    const wrong: string[] = []
    for (const m of MOVEMENTS) {
      if (m.defaults.count === undefined) continue
      const base: ActionSpec = { kind: m.kind, speed: 1, emotion: 'neutral' }
      const none = await frames(base)
      const stated = await frames({ ...base, count: m.defaults.count })
      const more = await frames({ ...base, count: m.defaults.count + 1 })
      if (none !== stated || stated === more) wrong.push(`${m.kind}: ${none} frames with no count, ${stated} with ${m.defaults.count}, ${more} with one more`)
    }
    expect(wrong).toEqual([])
  }, 120_000)
})
