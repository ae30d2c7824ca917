import { describeWithService } from '@openmotion/test-services'
import { migrate, openDatabase } from '@openmotion/common'
import { createSqlDocumentStore, documentMigrations } from '../../src/adapters/document-store.js'
import { documentStoreContract } from '../contract/document-store-contract.js'

describeWithService('postgres', (url) => {
  documentStoreContract('PostgreSQL', async () => {
    const db = await openDatabase({ url })
    await migrate(db, 'auth-server', documentMigrations)
    return createSqlDocumentStore(db)
  })
})
