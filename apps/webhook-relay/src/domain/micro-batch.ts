// Group commit: calls arriving within `maxWaitMs` of the first one (or until `maxItems` arrived) are handed to
// `run` together, so N requests cost one statement and one commit instead of N. Each caller gets its own result
// or the batch's error; a batch that fails fails every caller in it (each answers as if its own write failed).

export interface MicroBatchOptions<I, O> {
  maxItems: number
  maxWaitMs: number
  /** Runs one batch; returns one result per item, in order. */
  run: (items: I[]) => Promise<O[]>
}

interface Pending<I, O> { item: I, resolve: (value: O) => void, reject: (error: unknown) => void }

export function microBatch<I, O> (options: MicroBatchOptions<I, O>): (item: I) => Promise<O> {
  let pending: Array<Pending<I, O>> = []
  let timer: NodeJS.Timeout | undefined

  const flush = (): void => {
    clearTimeout(timer)
    timer = undefined
    const batch = pending
    pending = []
    if (batch.length === 0) return
    options.run(batch.map((p) => p.item)).then((results) => {
      batch.forEach((p, i) => { p.resolve(results[i] as O) })
    }, (error: unknown) => {
      for (const p of batch) p.reject(error)
    })
  }

  return (item) => new Promise<O>((resolve, reject) => {
    pending.push({ item, resolve, reject })
    if (pending.length >= options.maxItems) flush()
    else if (timer === undefined) timer = setTimeout(flush, options.maxWaitMs)
  })
}
