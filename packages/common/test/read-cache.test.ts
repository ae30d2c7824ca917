import { describe, expect, it } from 'vitest'
import { ReadCache } from '../src/read-cache.js'

function deferred<V> (): { promise: Promise<V>, resolve: (value: V) => void, reject: (error: Error) => void } {
  let settle!: { resolve: (value: V) => void, reject: (error: Error) => void }
  const promise = new Promise<V>((resolve, reject) => { settle = { resolve, reject } })
  return { promise, resolve: (value) => { settle.resolve(value) }, reject: (error) => { settle.reject(error) } }
}

describe('ReadCache', () => {
  it('answers a stored value until its time to live has passed', () => {
    const cache = new ReadCache<string>({ ttlMs: 100 })
    cache.set('a', 'one', cache.mark(), 1000)
    expect(cache.peek('a', 1099)).toBe('one')
    expect(cache.peek('a', 1100)).toBeUndefined()
  })

  it('stores nothing with a time to live of 0', () => {
    const cache = new ReadCache<string>({ ttlMs: 0 })
    cache.set('a', 'one', cache.mark())
    expect(cache.peek('a')).toBeUndefined()
  })

  it('drops a read that overlapped an invalidation of any key', () => {
    const cache = new ReadCache<string>({ ttlMs: 1000 })
    const mark = cache.mark()
    cache.delete('b')
    cache.set('a', 'stale', mark)
    expect(cache.peek('a')).toBeUndefined()
    cache.set('a', 'fresh', cache.mark())
    expect(cache.peek('a')).toBe('fresh')
  })

  it('deletes the entries a predicate matches and keeps the others', () => {
    const cache = new ReadCache<{ owner: string }>({ ttlMs: 1000 })
    cache.set('a', { owner: 'x' }, cache.mark())
    cache.set('b', { owner: 'y' }, cache.mark())
    cache.deleteWhere((value) => value.owner === 'x')
    expect(cache.peek('a')).toBeUndefined()
    expect(cache.peek('b')).toEqual({ owner: 'y' })
  })

  it('stores nothing while suspended, and stores again afterwards', () => {
    const cache = new ReadCache<string>({ ttlMs: 1000 })
    cache.suspend(50, 1000)
    cache.set('a', 'during', cache.mark(), 1049)
    expect(cache.peek('a', 1049)).toBeUndefined()
    cache.set('a', 'after', cache.mark(), 1050)
    expect(cache.peek('a', 1051)).toBe('after')
  })

  it('evicts the oldest entry when full', () => {
    const cache = new ReadCache<number>({ ttlMs: 1000, maxEntries: 2 })
    cache.set('a', 1, cache.mark())
    cache.set('b', 2, cache.mark())
    cache.set('c', 3, cache.mark())
    expect([cache.peek('a'), cache.peek('b'), cache.peek('c')]).toEqual([undefined, 2, 3])
  })

  it('shares one read among concurrent misses of a key', async () => {
    const cache = new ReadCache<string>({ ttlMs: 1000 })
    const read = deferred<string>()
    let reads = 0
    const reader = async (): Promise<string> => { reads++; return await read.promise }
    const first = cache.get('a', reader)
    const second = cache.get('a', reader)
    read.resolve('value')
    expect(await Promise.all([first, second])).toEqual(['value', 'value'])
    expect(reads).toBe(1)
    expect(await cache.get('a', reader)).toBe('value')
    expect(reads).toBe(1)
  })

  it('answers an expired entry while one read refreshes it', async () => {
    const cache = new ReadCache<string>({ ttlMs: 100 })
    await cache.get('a', async () => 'old', 1000)
    const refresh = deferred<string>()
    let reads = 0
    const reader = async (): Promise<string> => { reads++; return await refresh.promise }
    expect(await cache.get('a', reader, 1200)).toBe('old')
    expect(await cache.get('a', reader, 1201)).toBe('old')
    expect(reads).toBe(1)
    refresh.resolve('new')
    await refresh.promise
    await new Promise((resolve) => setImmediate(resolve))
    expect(cache.peek('a', 1250)).toBe('new')
  })

  it('keeps answering the expired entry when its refresh fails, and reads again on the next request', async () => {
    const cache = new ReadCache<string>({ ttlMs: 100 })
    await cache.get('a', async () => 'old', 1000)
    expect(await cache.get('a', async () => { throw new Error('database away') }, 1200)).toBe('old')
    await new Promise((resolve) => setImmediate(resolve))
    expect(await cache.get('a', async () => 'new', 1300)).toBe('old')
    await new Promise((resolve) => setImmediate(resolve))
    expect(cache.peek('a', 1301)).toBe('new')
  })

  it('does not store a read that was under way when the cache was cleared, nor hand it to later callers', async () => {
    const cache = new ReadCache<string>({ ttlMs: 1000 })
    const slow = deferred<string>()
    const before = cache.get('a', async () => await slow.promise)
    cache.clear()
    const after = cache.get('a', async () => 'after the write')
    slow.resolve('before the write')
    expect(await before).toBe('before the write')
    expect(await after).toBe('after the write')
    expect(cache.peek('a')).toBe('after the write')
  })

  it('passes a failed read to the caller that waited for it', async () => {
    const cache = new ReadCache<string>({ ttlMs: 1000 })
    await expect(cache.get('a', async () => { throw new Error('database away') })).rejects.toThrow('database away')
    expect(await cache.get('a', async () => 'back')).toBe('back')
  })
})
