import { describeWithService, requireService } from '@openmotion/test-services'
import { openDatabase } from '../../src/index.js'
import { databaseContract } from '../contract/database-contract.js'

describeWithService('postgres', () => {
  databaseContract('PostgreSQL', () => openDatabase({ url: requireService('postgres') }))
})
