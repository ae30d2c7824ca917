// Group commit: calls are handed to `run` together, so N requests cost one statement and one commit instead of
// N. A call arriving while fewer than `concurrency` batches run starts a batch at once (with whatever arrived in
// the same event-loop turn), so a quiet relay adds no delay; under load calls collect while the running batches
// finish, for at most `maxWaitMs` or until `maxItems` arrived. Each caller gets its own result, or the batch's
// error: a batch that fails fails every caller in it (each answers as if its own write had failed).

export interface MicroBatchOptions<I, O> {
  maxItems: number
  maxWaitMs: number
  /** Batches running at once (a pool's connections can run several). */
  concurrency?: number
  /** Collect for `maxWaitMs` even when no batch runs: for calls that come often and need no answer soon. */
  collect?: boolean
  /** Runs one batch; returns one result per item, in order. */
  run: (items: I[]) => Promise<O[]>
}

interface Pending<I, O> { item: I, resolve: (value: O) => void, reject: (error: unknown) => void }

export function microBatch<I, O> (options: MicroBatchOptions<I, O>): (item: I) => Promise<O> {
  const concurrency = options.concurrency ?? 1
  const pending: Array<Pending<I, O>> = []
  let timer: NodeJS.Timeout | undefined
  let scheduled = false
  let running = 0

  const flush = (): void => {
    clearTimeout(timer)
    timer = undefined
    scheduled = false
    const batch = pending.splice(0, options.maxItems)
    if (batch.length === 0) return
    running++
    options.run(batch.map((p) => p.item)).then((results) => {
      batch.forEach((p, i) => { p.resolve(results[i] as O) })
    }, (error: unknown) => {
      for (const p of batch) p.reject(error)
    }).finally(() => {
      running--
      if (pending.length > 0) schedule()
    })
  }

  const schedule = (): void => {
    if (pending.length >= options.maxItems) flush()
    else if (running < concurrency && options.collect !== true) {
      if (!scheduled) {
        scheduled = true
        setImmediate(flush)
      }
    } else if (timer === undefined) {
      timer = setTimeout(flush, options.maxWaitMs)
    }
  }

  return (item) => new Promise<O>((resolve, reject) => {
    pending.push({ item, resolve, reject })
    schedule()
  })
}
