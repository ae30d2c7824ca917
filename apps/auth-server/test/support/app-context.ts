// Builds an app on the in-memory store (or a given one) with an outbox mailer, for behaviour tests.
import { Writable } from 'node:stream'
import { createLogger, type Database } from '@openmotion/common'
import type { DocumentStore } from '../../src/domain/ports.js'
import { authConfig, buildApp, createLogMailer, type OutboxMailer } from '../../src/app.js'
import { gqlClient } from './graphql-client.js'

export interface ContextOptions { store?: DocumentStore, database?: Database, mailer?: OutboxMailer }

export async function appWith (env: Record<string, string>, options: ContextOptions = {}) {
  const lines: Record<string, unknown>[] = []
  const destination = new Writable({ write (chunk: Buffer, _encoding, done) { lines.push(JSON.parse(chunk.toString())); done() } })
  const logger = createLogger({ name: 'auth-test', level: 'info', destination })
  const mailer = options.mailer ?? createLogMailer(createLogger({ name: 'auth-test-mail', level: 'silent' }), { production: false })
  const app = await buildApp(authConfig.load({ LOG_LEVEL: 'silent', DOCUMENT_STORE: 'memory', BCRYPT_COST: '4', ...env }), {
    mailer,
    logger,
    ...(options.store === undefined ? {} : { store: options.store }),
    ...(options.database === undefined ? {} : { database: options.database })
  })
  return { app, mailer, lines, gql: gqlClient(app) }
}

export type AppContext = Awaited<ReturnType<typeof appWith>>
