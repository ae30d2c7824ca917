import { openDatabase, migrate } from '@openmotion/common'
import { createMemoryDocumentStore, createSqlDocumentStore } from '../src/adapters/document-store.js'
import { documentStoreContract } from './contract/document-store-contract.js'
import { migrations } from '../src/adapters/migrations.js'

documentStoreContract('memory', async () => createMemoryDocumentStore())

const pglite = (async () => {
  const db = await openDatabase({})
  await migrate(db, 'auth-server', migrations)
  return createSqlDocumentStore(db)
})()
documentStoreContract('PGlite', () => pglite)
