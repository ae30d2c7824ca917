import { openDatabase, migrate } from '@openmotion/common'
import { createMemoryDocumentStore, createSqlDocumentStore, documentMigrations } from '../src/adapters/document-store.js'
import { documentStoreContract } from './contract/document-store-contract.js'

documentStoreContract('memory', async () => createMemoryDocumentStore())

const pglite = (async () => {
  const db = await openDatabase({})
  await migrate(db, 'auth-server', documentMigrations)
  return createSqlDocumentStore(db)
})()
documentStoreContract('PGlite', () => pglite)
