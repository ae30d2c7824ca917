// What every rule of the chunker's tables (clause-marks.ts, chunker-rules.ts) has: a name and the prompts it decides,
// each with the plan it is read into. A plan is written as its actions in order, ", " one after the other, " + " an
// upper-body action played over the entry before it; an action as its kind, then its way, "with" its side, "×" its
// count, its degrees, seconds ("s"), metres ("m") and speed, its emotion and how it is made (a style, where a push
// comes from, "falls"): "walk forward + wave", "jump left ×3, jump right ×2", "walk speed 0.6 tired".
// test/chunker-rules.test.ts plans each example, checks the plan and that the rule took part.

/** A prompt a rule decides, and the plan it is read into (see the top of this file). */
export type PlanExample = readonly [prompt: string, plan: string]

export interface ChunkerRule {
  /** What the rule does, in a few words. */
  readonly id: string
  readonly examples: readonly PlanExample[]
}
