// A database of its own on the test PostgreSQL server, for tests that count rows or share it between processes.
import { randomUUID } from 'node:crypto'
import { openDatabase } from '@openmotion/common'

/** A fresh database on the test server, dropped afterwards. */
export async function freshDatabase (serverUrl: string, label = 'motion_test'): Promise<{ url: string, drop: () => Promise<void> }> {
  const name = `${label}_${randomUUID().replace(/-/g, '')}`
  const admin = await openDatabase({ url: serverUrl })
  await admin.query(`CREATE DATABASE ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.href,
    drop: async () => {
      // Without FORCE: the app has closed its pool; a connection still closing only leaves the database behind.
      await admin.query(`DROP DATABASE IF EXISTS ${name}`).catch(() => undefined)
      await admin.close()
    }
  }
}
