// A per-process cache for reads a service makes on every request or job (a session, a finished job, a tenant's
// endpoints). Each entry lives at most `ttlMs`: writes made by this process invalidate at once, writes made by
// another process are seen within `ttlMs`. Invalidation is a generation counter: a read that overlapped any
// invalidation does not store its (possibly stale) result, so an invalidation never loses to a slower read.
//
// Two ways to fill it. `get(key, read)` shares one read among concurrent misses of a key and, once an entry has
// expired, keeps answering with it while one read refreshes it (a busy service never sends a burst of identical
// reads). `peek` + `mark` + `set` let a caller that batches its reads (many keys in one query) fill it itself.
export interface ReadCacheOptions {
  /** How long an entry answers; 0 stores nothing. */
  ttlMs: number
  /** Entries kept at most; the oldest goes first. */
  maxEntries?: number
}

export class ReadCache<V> {
  private readonly entries = new Map<string, { value: V, until: number }>()
  private readonly reads = new Map<string, Promise<V>>()
  private readonly ttlMs: number
  private readonly maxEntries: number
  private generation = 0
  private suspendedUntil = 0

  constructor (options: ReadCacheOptions) {
    this.ttlMs = options.ttlMs
    this.maxEntries = options.maxEntries ?? 10_000
  }

  /** The entry's value while it is fresh; else undefined (no read). */
  peek (key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key)
    return entry !== undefined && entry.until > now ? entry.value : undefined
  }

  /**
   * The fresh entry's value; else an expired entry's value while `read` refreshes it in the background; else the
   * result of `read`, shared with every concurrent miss of `key`.
   */
  async get (key: string, read: () => Promise<V>, now = Date.now()): Promise<V> {
    const cached = this.entries.get(key)
    if (cached !== undefined && cached.until > now) return cached.value
    const reading = this.reads.get(key) ?? this.refresh(key, read, now)
    return cached === undefined ? await reading : cached.value
  }

  /** Call before reading the source yourself; hand the result to `set` so a read that overlapped a write is dropped. */
  mark (): number {
    return this.generation
  }

  /** Stores `value` unless something was invalidated since `mark` was taken (or storing is suspended). */
  set (key: string, value: V, mark: number, now = Date.now()): void {
    if (mark !== this.generation || this.ttlMs <= 0 || now < this.suspendedUntil) return
    this.entries.delete(key)
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!)
    this.entries.set(key, { value, until: now + this.ttlMs })
  }

  delete (key: string): void {
    this.generation++
    this.entries.delete(key)
    this.reads.delete(key)
  }

  deleteWhere (match: (value: V) => boolean): void {
    this.generation++
    for (const [key, entry] of this.entries) if (match(entry.value)) this.entries.delete(key)
    this.reads.clear()
  }

  clear (): void {
    this.generation++
    this.entries.clear()
    this.reads.clear()
  }

  /**
   * Stores nothing for `ms`: a write inside a transaction is invisible to other readers until its commit, so a
   * read in between would otherwise store the old value after the invalidation.
   */
  suspend (ms: number, now = Date.now()): void {
    this.suspendedUntil = Math.max(this.suspendedUntil, now + ms)
  }

  private refresh (key: string, read: () => Promise<V>, now: number): Promise<V> {
    const mark = this.generation
    const reading = read()
      .then((value) => {
        this.set(key, value, mark, now)
        return value
      })
      .finally(() => { if (this.reads.get(key) === reading) this.reads.delete(key) })
    this.reads.set(key, reading)
    // A failed refresh behind an expired entry has no caller awaiting it; the next request past the expiry reads again.
    reading.catch(() => undefined)
    return reading
  }
}
