import { describe, expect, it } from 'vitest'
import type { DocumentStore } from '../../src/domain/ports.js'

export function documentStoreContract (name: string, open: () => Promise<DocumentStore>): void {
  describe(`DocumentStore contract: ${name}`, () => {
    const suffix = Math.random().toString(36).slice(2, 8)

    it('inserts, reads back, updates and deletes documents as schemaless JSON', async () => {
      const store = await open()
      const doc = { id: `u-${suffix}`, email: `a-${suffix}@x.io`, nested: { tags: ['a'], n: 1 } }
      expect(await store.insert('users', doc, 'email')).toBe(true)
      expect(await store.get('users', doc.id)).toEqual(doc)
      await store.put('users', { ...doc, nested: { tags: [], n: 2 } })
      expect((await store.get<typeof doc>('users', doc.id))?.nested.n).toBe(2)
      expect(await store.delete('users', doc.id)).toBe(true)
      expect(await store.get('users', doc.id)).toBeUndefined()
    })

    it('refuses a second document with the same unique field value', async () => {
      const store = await open()
      expect(await store.insert('users', { id: `1-${suffix}`, email: `dup-${suffix}@x.io` }, 'email')).toBe(true)
      expect(await store.insert('users', { id: `2-${suffix}`, email: `dup-${suffix}@x.io` }, 'email')).toBe(false)
      expect(await store.insert('users', { id: `1-${suffix}`, email: `other-${suffix}@x.io` }, 'email')).toBe(false)
    })

    it('finds documents by a top-level field within one collection', async () => {
      const store = await open()
      await store.insert('sessions', { id: `s1-${suffix}`, userId: `u-${suffix}` })
      await store.insert('sessions', { id: `s2-${suffix}`, userId: `u-${suffix}` })
      await store.insert('other', { id: `s3-${suffix}`, userId: `u-${suffix}` })
      expect((await store.findBy('sessions', 'userId', `u-${suffix}`)).map((d) => d.id)).toEqual([`s1-${suffix}`, `s2-${suffix}`])
    })

    it('frees a unique value when its document is deleted', async () => {
      const store = await open()
      expect(await store.insert('users', { id: `d1-${suffix}`, email: `free-${suffix}@x.io` }, 'email')).toBe(true)
      expect(await store.delete('users', `d1-${suffix}`)).toBe(true)
      expect(await store.insert('users', { id: `d2-${suffix}`, email: `free-${suffix}@x.io` }, 'email')).toBe(true)
    })

    it('lists a collection ordered by id and nothing from other collections', async () => {
      const store = await open()
      const collection = `list-${suffix}`
      await store.insert(collection, { id: 'b' })
      await store.insert(collection, { id: 'a' })
      await store.insert(`${collection}-other`, { id: 'c' })
      expect((await store.list(collection)).map((d) => d.id)).toEqual(['a', 'b'])
    })

    it('compare-and-set: of 10 concurrent writers expecting the same version exactly one wins', async () => {
      const store = await open()
      const id = `cas-${suffix}`
      await store.insert('sessions', { id, owner: 'none' })
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => store.replaceIf('sessions', { id, version: 1, owner: `w${i}` }, 0)))
      expect(results.filter(Boolean)).toHaveLength(1)
      const winner = results.indexOf(true)
      expect(await store.get('sessions', id)).toEqual({ id, version: 1, owner: `w${winner}` })
      expect(await store.replaceIf('sessions', { id, version: 2, owner: 'late' }, 0)).toBe(false)
      expect(await store.replaceIf('sessions', { id, version: 2, owner: 'next' }, 1)).toBe(true)
      expect(await store.replaceIf('sessions', { id: `missing-${suffix}`, version: 1 }, 0)).toBe(false)
    })

    it('pages newest id first with equality filters and id bounds', async () => {
      const store = await open()
      const collection = `page-${suffix}`
      for (const [id, type] of [
        ['2026-01-01~a', 'x'],
        ['2026-01-02~b', 'y'],
        ['2026-01-03~c', 'x'],
        ['2026-01-04~d', 'x']
      ]) { await store.insert(collection, { id: id!, type: type! }) }
      const ids = async (query: Parameters<DocumentStore['page']>[1]) => (await store.page(collection, query)).map((d) => d.id)
      expect(await ids({ limit: 2 })).toEqual(['2026-01-04~d', '2026-01-03~c'])
      expect(await ids({ equals: { type: 'x' }, beforeId: '2026-01-04~d', limit: 10 })).toEqual(['2026-01-03~c', '2026-01-01~a'])
      expect(await ids({ fromId: '2026-01-02', beforeId: '2026-01-04', limit: 10 })).toEqual(['2026-01-03~c', '2026-01-02~b'])
    })

    it('of 10 concurrent deletes of one document exactly one resolves true (single-use tickets, codes, challenges)', async () => {
      const store = await open()
      const id = `once-${suffix}`
      await store.insert('mfa_tickets', { id, userId: 'u' })
      const results = await Promise.all(Array.from({ length: 10 }, async () => await store.delete('mfa_tickets', id)))
      expect(results.filter(Boolean)).toHaveLength(1)
      expect(await store.get('mfa_tickets', id)).toBeUndefined()
    })

    it('deletes the documents whose ISO time field is before a bound, in that collection only', async () => {
      const store = await open()
      const collection = `expiring-${suffix}`
      await store.insert(collection, { id: 'old', expiresAt: '2026-01-01T00:00:00.000Z' })
      await store.insert(collection, { id: 'new', expiresAt: '2026-01-03T00:00:00.000Z' })
      await store.insert(collection, { id: 'none' })
      await store.insert(`${collection}-other`, { id: 'old', expiresAt: '2026-01-01T00:00:00.000Z' })
      expect(await store.deleteBefore(collection, 'expiresAt', '2026-01-02T00:00:00.000Z')).toBe(1)
      expect((await store.list(collection)).map((d) => d.id)).toEqual(['new', 'none'])
      expect(await store.list(`${collection}-other`)).toHaveLength(1)
    })
  })
}
