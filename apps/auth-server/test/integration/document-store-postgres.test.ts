import { describeWithService } from '@openmotion/test-services'
import { migrate, openDatabase } from '@openmotion/common'
import { createSqlDocumentStore } from '../../src/adapters/document-store.js'
import { documentStoreContract } from '../contract/document-store-contract.js'
import { migrations } from '../../src/adapters/migrations.js'

describeWithService('postgres', (url) => {
  documentStoreContract('PostgreSQL', async () => {
    const db = await openDatabase({ url })
    await migrate(db, 'auth-server', migrations)
    return createSqlDocumentStore(db)
  })
})
