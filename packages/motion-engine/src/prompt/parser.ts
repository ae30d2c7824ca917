// Prompt → plan: a timeline of actions and notes of how it was understood. The NLP library reads the words
// (lexer.ts), the chunker's tables (chunker-rules.ts) cut them into clauses and put the clauses in time, the clause
// reader (clause.ts) reads each clause's actions, and the chunker's tables place each action on the timeline. This
// file is the walk over those tables: for each step the first rule that applies decides.
import { parseClause } from './clause.js'
import { ADDED_CLAUSES, ADDS_TO_CLAUSE_BEFORE, CLAUSE_ORDER, MARK_RUNS, TIME_BINDINGS } from './chunker-rules.js'
import type { AddedClause, AddedClauseRule, OrderState, Placing } from './chunker-rules.js'
import { countIn, isState, saysAgain, withoutLike } from './chunker-words.js'
import type { Clause, ReadClause } from './chunker-words.js'
import { lex } from './lexer.js'
import type { Token } from './lexer.js'
import type { NlpReader } from './nlp-reader.js'
import type { ActionSpec, PromptPlan, TimelineEntry } from './plan.js'
import type { Emotion } from './vocabulary.js'

export type { ActionSpec, PromptPlan, Side, TimelineEntry } from './plan.js'

/** Told the id of each chunker rule that decides something, and of each binder that binds a word, while a prompt is planned. */
export type RuleSeen = (id: string) => void

function splitClauses (tokens: Token[], seen: RuleSeen): Clause[] {
  const clauses: Clause[] = [{ mode: 'sequence', tokens: [], marks: [] }]
  for (const t of tokens) {
    if (t.type !== 'separator') { clauses.at(-1)!.tokens.push(t); continue }
    seen(t.rule)
    const run = MARK_RUNS.find(r => r.applies(clauses.at(-1)!))!
    run.cut(clauses, t.mode, t.word)
    seen(run.id)
  }
  return clauses.filter(c => c.tokens.length > 0)
}

function ordered (clauses: Clause[], seen: RuleSeen): Clause[] {
  const s: OrderState = { out: [], held: undefined, leading: true, afterLeadingWhile: false, layersNext: false }
  for (const c of clauses) {
    s.leading = s.out.length === 0 && s.held === undefined
    s.afterLeadingWhile = s.layersNext
    s.layersNext = false
    const rule = CLAUSE_ORDER.find(r => r.applies(c, s))!
    rule.place(c, s)
    seen(rule.id)
    // A held "before Y" clause goes right after the clause it leads.
    if (s.held !== undefined && s.out.length > 0) { s.out.push(s.held); s.held = undefined }
  }
  if (s.held !== undefined) s.out.push(s.held)
  return s.out
}

function firstAgain (added: AddedClause): [AddedClauseRule, ActionSpec] | [] {
  for (const rule of ADDED_CLAUSES) {
    const again = rule.again(added)
    if (again !== undefined) return [rule, again]
  }
  return []
}

/** Each clause read; a clause of modifiers only is the movement before made again, or part of the clause before. */
function readClauses (clauses: Clause[], seen: RuleSeen): ReadClause[] {
  const parsed: ReadClause[] = []
  for (const c of clauses) {
    const prev = parsed.at(-1)
    // A "like a ..." clause is the manner of the clause before; a prompt of nothing else ("like a robot") names the movement.
    const own = parseClause(clauses.length === 1 ? withoutLike(c.tokens) : c.tokens, 'neutral', seen)
    if (own.actions.length > 0 || own.notes.length > 0 || prev === undefined || prev.actions.length === 0) { parsed.push({ ...c, ...own }); continue }
    const tokens = [...prev.tokens, ...c.tokens]
    const merged = parseClause(tokens, 'neutral', seen)
    const added = { clause: c, before: prev.actions.at(-1)!, merged: merged.actions.at(-1) }
    const [rule, again] = firstAgain(added)
    if (rule === undefined || again === undefined) {
      parsed[parsed.length - 1] = { mode: prev.mode, marks: prev.marks, tokens, ...merged }
      seen(ADDS_TO_CLAUSE_BEFORE.id)
      continue
    }
    seen(rule.id)
    const count = rule.countsAgain ? countIn(c.tokens) : undefined
    if (count !== undefined) again.count = count
    // The movement made again keeps the words it was read from, so a next clause of ways reads it again too.
    parsed.push({ ...c, tokens, actions: [again], emotion: merged.emotion, notes: [] })
  }
  return parsed
}

/**
 * Reads a prompt into its plan. Unlisted verbs are read by meaning (WordNet), words that are not English by
 * spelling; negated actions are left out. The timeline is empty only when nothing in it is a movement (the
 * engine's 494), and reading never throws. `seen` is told every chunker rule that decided something and every modifier binder that bound a word.
 */
export function planPrompt (prompt: string, reader?: NlpReader, seen: RuleSeen = () => {}): PromptPlan {
  const parsed = readClauses(ordered(splitClauses(lex(prompt, reader), seen), seen), seen)
  let emotion: Emotion = parsed.map(p => p.emotion).find(e => e !== undefined) ?? 'neutral'
  const timeline: TimelineEntry[] = []
  const understood: string[] = []
  for (const clause of parsed) {
    if (clause.emotion !== undefined) emotion = clause.emotion
    understood.push(...clause.notes)
    const mapped = clause.notes.filter(n => n.includes(' read as '))
    for (const [i, spec] of clause.actions.entries()) {
      const action = clause.emotion === undefined ? { ...spec, emotion } : spec
      const p: Placing = {
        timeline,
        clause,
        i,
        action,
        note: mapped.length > 0 && i === 0 ? { understood: mapped.join('; ') } : {},
        prev: timeline.at(-1),
        // A clause opened by "while", or a second action word of a clause ("walk forward waving").
        layered: (i === 0 && clause.mode === 'simultaneous') || i > 0,
        repeat: i === 0 && saysAgain(clause) && !isState(action)
      }
      for (const rule of TIME_BINDINGS) {
        if (!rule.applies(p)) continue
        rule.apply(p)
        seen(rule.id)
        if (rule.places) break
      }
    }
  }
  return { timeline, understood }
}

/** The plan's timeline (see planPrompt). */
export function parsePrompt (prompt: string, reader?: NlpReader): TimelineEntry[] {
  return planPrompt(prompt, reader).timeline
}
