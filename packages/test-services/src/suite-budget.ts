// A time budget for a slow suite (browser walks): once the file has run `budgetMs`, every remaining step fails at
// once instead of each waiting out its own timeout, so a broken page cannot hold the whole run for minutes.

/** Call in `beforeEach`; the clock starts when the budget is made (at module load). */
export function suiteBudget (budgetMs: number): () => void {
  const started = Date.now()
  return () => {
    if (Date.now() - started > budgetMs) throw new Error(`suite over its ${budgetMs / 1000} s budget`)
  }
}
