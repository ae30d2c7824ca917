// Users and sessions are schemaless JSON documents (the spec's "store"), kept in collections and found by id or
// by one indexed field. Two implementations: SQL (jsonb rows on PGlite or PostgreSQL) and memory.
import type { Database, Migration } from '@openmotion/common'

export type Document = Record<string, unknown> & { id: string }

export interface DocumentStore {
  get<T extends Document> (collection: string, id: string): Promise<T | undefined>
  /** Finds documents whose top-level `field` equals `value` (strings compared exactly). */
  findBy<T extends Document> (collection: string, field: string, value: string): Promise<T[]>
  /** Inserts; resolves false when the id exists or `unique` field value is already taken in the collection. */
  /** Every document of the collection, ordered by id. */
  list<T extends Document> (collection: string): Promise<T[]>
  insert (collection: string, doc: Document, unique?: string): Promise<boolean>
  put (collection: string, doc: Document): Promise<void>
  delete (collection: string, id: string): Promise<boolean>
}

export const documentMigrations: Migration[] = [
  { id: '001_documents', sql: 'CREATE TABLE auth_documents (collection text NOT NULL, id text NOT NULL, doc jsonb NOT NULL, unique_key text, PRIMARY KEY (collection, id))' },
  { id: '002_unique', sql: 'CREATE UNIQUE INDEX auth_documents_unique ON auth_documents (collection, unique_key) WHERE unique_key IS NOT NULL' },
  { id: '003_user_email', sql: "CREATE INDEX auth_documents_email ON auth_documents (collection, (doc->>'email'))" },
  { id: '004_session_user', sql: "CREATE INDEX auth_documents_user ON auth_documents (collection, (doc->>'userId'))" },
  { id: '005_invitation_token', sql: "CREATE INDEX auth_documents_token ON auth_documents (collection, (doc->>'tokenHash'))" }
]

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
      const { rows } = await db.query<{ doc: T }>(`SELECT doc FROM auth_documents WHERE collection = $1 AND doc->>'${field}' = $2 ORDER BY id`, [collection, value])
      return rows.map((r) => r.doc)
    },
    async list<T extends Document> (collection: string) {
      const { rows } = await db.query<{ doc: T }>('SELECT doc FROM auth_documents WHERE collection = $1 ORDER BY id', [collection])
      return rows.map((r) => r.doc)
    },
    async insert (collection, doc, unique) {
      const key = unique === undefined ? null : `${unique}:${String(doc[unique])}`
      const { rowCount } = await db.query('INSERT INTO auth_documents (collection, id, doc, unique_key) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [collection, doc.id, JSON.stringify(doc), key])
      return rowCount === 1
    },
    async put (collection, doc) {
      await db.query('UPDATE auth_documents SET doc = $3 WHERE collection = $1 AND id = $2', [collection, doc.id, JSON.stringify(doc)])
    },
    async delete (collection, id) {
      return (await db.query('DELETE FROM auth_documents WHERE collection = $1 AND id = $2', [collection, id])).rowCount === 1
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
    }
  }
}
