// A small per-process read cache in front of the database for the hot polling routes. Entries live at most
// `ttlMs`: writes made by this process invalidate at once, writes made by another process (a separate worker, a
// second API replica) are seen within `ttlMs`. A read that overlapped a write is not stored (the generation
// check), so an invalidation never races with a slower read that saw the old row.
export class ReadCache<V> {
  private readonly entries = new Map<string, { value: V, until: number }>()
  private generation = 0
  private suspendedUntil = 0

  constructor (private readonly ttlMs: number, private readonly maxEntries = 10_000) {}

  get (key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key)
    if (entry === undefined) return undefined
    if (entry.until <= now) { this.entries.delete(key); return undefined }
    return entry.value
  }

  /** Call before reading the database; hand the result to `set` so a read that overlapped a write is dropped. */
  mark (): number {
    return this.generation
  }

  set (key: string, value: V, mark: number, until = Date.now() + this.ttlMs): void {
    if (mark !== this.generation || this.ttlMs <= 0 || Date.now() < this.suspendedUntil) return
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!)
    this.entries.set(key, { value, until })
  }

  delete (key: string): void {
    this.generation++
    this.entries.delete(key)
  }

  deleteWhere (match: (value: V) => boolean): void {
    this.generation++
    for (const [key, entry] of this.entries) if (match(entry.value)) this.entries.delete(key)
  }

  /**
   * Stores nothing for `ms`: a write inside a transaction is invisible until its commit, so a read in between
   * would otherwise store the old row after the invalidation.
   */
  suspend (ms: number): void {
    this.suspendedUntil = Math.max(this.suspendedUntil, Date.now() + ms)
  }

  clear (): void {
    this.generation++
    this.entries.clear()
  }
}
