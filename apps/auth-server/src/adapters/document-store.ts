// Users and sessions are schemaless JSON documents (the spec's "store"), kept in collections and found by id or
// by one indexed field. Two implementations: SQL (jsonb rows on PGlite or PostgreSQL) and memory.
import type { Database } from '@openmotion/common'
import type { Document, DocumentStore, PageQuery } from '../domain/ports.js'

const FIELD = /^[A-Za-z][A-Za-z0-9_]*$/

export function createSqlDocumentStore (db: Database): DocumentStore {
  return {
    async get<T extends Document> (collection: string, id: string) {
      const { rows } = await db.query<{ doc: T }>('SELECT doc FROM auth_documents WHERE collection = $1 AND id = $2', [collection, id])
      return rows[0]?.doc
    },
    async findBy<T extends Document> (collection: string, field: string, value: string) {
      // The field name is spliced in (after checking it is a plain identifier) rather than bound, so the planner
      // sees `doc->>'email'` and uses the expression indexes below.
      if (!FIELD.test(field)) throw new Error(`invalid document field name: ${field}`)
      const { rows } = await db.query<{ doc: T }>(`SELECT doc FROM auth_documents WHERE collection = $1 AND doc->>'${field}' = $2 ORDER BY id`, [
        collection,
        value
      ])
      return rows.map((r) => r.doc)
    },
    async list<T extends Document> (collection: string) {
      const { rows } = await db.query<{ doc: T }>('SELECT doc FROM auth_documents WHERE collection = $1 ORDER BY id', [collection])
      return rows.map((r) => r.doc)
    },
    async page<T extends Document> (collection: string, query: PageQuery) {
      const { rows } = await db.query<{ doc: T }>(
        `SELECT doc FROM auth_documents WHERE collection = $1 AND doc @> $2::jsonb AND ($3::text IS NULL OR id < $3) AND ($4::text IS NULL OR id >= $4)
         ORDER BY id DESC LIMIT $5`,
        [collection, JSON.stringify(query.equals ?? {}), query.beforeId ?? null, query.fromId ?? null, query.limit])
      return rows.map((r) => r.doc)
    },
    async replaceIf (collection, doc, expectedVersion) {
      // One UPDATE with the expectation in its WHERE: the row lock makes concurrent ones serialise, and the
      // losers re-check the condition against the winner's row and update nothing.
      const { rowCount } = await db.query(
        "UPDATE auth_documents SET doc = $3 WHERE collection = $1 AND id = $2 AND COALESCE((doc->>'version')::bigint, 0) = $4",
        [collection, doc.id, JSON.stringify(doc), expectedVersion])
      return rowCount === 1
    },
    async insert (collection, doc, unique) {
      const key = unique === undefined ? null : `${unique}:${String(doc[unique])}`
      const { rowCount } = await db.query('INSERT INTO auth_documents (collection, id, doc, unique_key) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
        collection,
        doc.id,
        JSON.stringify(doc),
        key
      ])
      return rowCount === 1
    },
    async put (collection, doc) {
      await db.query('UPDATE auth_documents SET doc = $3 WHERE collection = $1 AND id = $2', [collection, doc.id, JSON.stringify(doc)])
    },
    async delete (collection, id) {
      return (await db.query('DELETE FROM auth_documents WHERE collection = $1 AND id = $2', [collection, id])).rowCount === 1
    },
    async deleteBefore (collection, field, before) {
      if (!FIELD.test(field)) throw new Error(`invalid document field name: ${field}`)
      const { rowCount } = await db.query(`DELETE FROM auth_documents WHERE collection = $1 AND doc->>'${field}' < $2`, [collection, before])
      return rowCount ?? 0
    }
  }
}

export function createMemoryDocumentStore (): DocumentStore {
  const collections = new Map<string, Map<string, Document>>()
  const uniques = new Map<string, string>() // unique key -> owning document id
  const of = (collection: string) => {
    let docs = collections.get(collection)
    if (docs === undefined) collections.set(collection, docs = new Map())
    return docs
  }
  const copy = <T>(value: T): T => structuredClone(value)
  return {
    async get<T extends Document> (collection: string, id: string) {
      const doc = of(collection).get(id)
      return doc === undefined ? undefined : copy(doc) as T
    },
    async findBy<T extends Document> (collection: string, field: string, value: string) {
      return [...of(collection).values()].filter((d) => d[field] === value).sort((a, b) => a.id.localeCompare(b.id)).map((d) => copy(d) as T)
    },
    async list<T extends Document> (collection: string) {
      return [...of(collection).values()].sort((a, b) => a.id.localeCompare(b.id)).map((d) => copy(d) as T)
    },
    async page<T extends Document> (collection: string, query: PageQuery) {
      const matches = (d: Document) => Object.entries(query.equals ?? {}).every(([field, value]) => d[field] === value) &&
        (query.beforeId === undefined || d.id < query.beforeId) && (query.fromId === undefined || d.id >= query.fromId)
      return [...of(collection).values()].filter(matches).sort((a, b) => b.id.localeCompare(a.id)).slice(0, query.limit).map((d) => copy(d) as T)
    },
    async replaceIf (collection, doc, expectedVersion) {
      // Check and write happen in one synchronous turn of the event loop: nothing can interleave.
      const current = of(collection).get(doc.id)
      if (current === undefined || (typeof current.version === 'number' ? current.version : 0) !== expectedVersion) return false
      of(collection).set(doc.id, copy(doc))
      return true
    },
    async insert (collection, doc, unique) {
      const key = unique === undefined ? undefined : `${collection}\u0000${unique}:${String(doc[unique])}`
      if (of(collection).has(doc.id) || (key !== undefined && uniques.has(key))) return false
      if (key !== undefined) uniques.set(key, `${collection}\u0000${doc.id}`)
      of(collection).set(doc.id, copy(doc))
      return true
    },
    async put (collection, doc) {
      if (of(collection).has(doc.id)) of(collection).set(doc.id, copy(doc))
    },
    async delete (collection, id) {
      for (const [key, owner] of uniques) if (owner === `${collection}\u0000${id}`) uniques.delete(key)
      return of(collection).delete(id)
    },
    async deleteBefore (collection, field, before) {
      let count = 0
      for (const [id, doc] of of(collection)) {
        const value = doc[field]
        if (typeof value === 'string' && value < before && await this.delete(collection, id)) count++
      }
      return count
    }
  }
}
