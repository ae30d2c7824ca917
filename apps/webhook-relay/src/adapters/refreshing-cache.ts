// A per-process cache for reads every request or job makes (a tenant's active endpoints, an endpoint's rate
// limit). Concurrent misses of one key share one read, and an expired entry keeps answering while one read
// refreshes it, so a busy relay never sends a burst of identical reads ahead of its real work. `clear` drops
// everything and makes any read already under way not store its (possibly stale) result.
export class RefreshingCache<V> {
  private readonly entries = new Map<string, { value: V, until: number }>()
  private readonly reads = new Map<string, Promise<V>>()
  private generation = 0

  constructor (private readonly ttlMs: number, private readonly maxEntries: number) {}

  async get (key: string, read: () => Promise<V>, now: number = Date.now()): Promise<V> {
    const cached = this.entries.get(key)
    if (cached !== undefined && cached.until > now) return cached.value
    const reading = this.reads.get(key) ?? this.refresh(key, read, now)
    return cached === undefined ? reading : cached.value
  }

  clear (): void {
    this.generation++
    this.entries.clear()
    this.reads.clear()
  }

  private refresh (key: string, read: () => Promise<V>, now: number): Promise<V> {
    const generation = this.generation
    const reading = read()
      .then((value) => {
        if (generation === this.generation) {
          if (this.entries.size >= this.maxEntries) this.entries.clear()
          this.entries.set(key, { value, until: now + this.ttlMs })
        }
        return value
      })
      .finally(() => { if (this.reads.get(key) === reading) this.reads.delete(key) })
    this.reads.set(key, reading)
    // A failed refresh behind a stale entry has no caller awaiting it; the next request past the expiry reads again.
    reading.catch(() => undefined)
    return reading
  }
}
