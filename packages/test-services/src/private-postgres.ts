// A PostgreSQL server of a test's own, for tests that stop and restart the database under a running app (the shared
// one from scripts/services.sh serves other suites at the same time and must never go down). It uses the binaries
// scripts/services.sh installs (Debian's /usr/lib/postgresql/<major>/bin), a temporary data directory kept across
// restarts, loopback TCP on a free port and trust authentication, like the shared server.
import { execFile } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { PrivateService } from './fault-drill.js'
import { freePort } from './free-port.js'
import { requireTool } from './require-tool.js'

const run = promisify(execFile)

/**
 * stop: fast mode (open sessions are terminated, as in a restart), then down; start: on the same port and data
 * directory, resolves once it accepts connections.
 */
export interface PrivatePostgres extends PrivateService {
  /** postgres://postgres@127.0.0.1:<port>/postgres (superuser, trust). */
  readonly url: string
  /** A URL of this server naming another database (create it with `createDatabase`). */
  urlOf: (database: string) => string
  createDatabase: (name: string) => Promise<string>
}

/** The newest installed major version's bin directory, or undefined. */
function postgresBinDir (): string | undefined {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const majors = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(a) - Number(b))
  const newest = majors[majors.length - 1]
  return newest === undefined ? undefined : join(root, newest, 'bin')
}

/** Whether the PostgreSQL server binaries are installed (throws in CI when they are not). */
export function privatePostgresAvailable (): boolean {
  return requireTool('postgres', postgresBinDir() !== undefined, 'Debian postgresql')
}

// PostgreSQL refuses to run as root: as root the server runs as the Debian package's `postgres` user.
const asRoot = (): boolean => userInfo().uid === 0

async function asOwner (binary: string, args: string[]): Promise<void> {
  const [file, argv] = asRoot() ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args]
  await run(file, argv, { cwd: '/', timeout: 60_000 })
}

export async function startPrivatePostgres (): Promise<PrivatePostgres> {
  const bin = postgresBinDir()
  if (bin === undefined) throw new Error('no /usr/lib/postgresql/*/bin/initdb: bash scripts/services.sh up installs it')
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'private-postgres-'))
  const data = join(dir, 'data')
  const log = join(dir, 'postgres.log')
  if (asRoot()) {
    const { uid, gid } = await ownerIds()
    chownSync(dir, uid, gid)
  }
  await asOwner(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-locale', '--no-sync'])
  // The durability switches are off: the drill is about connections going away, and a test cluster is thrown away.
  const settings = [
    "listen_addresses = '127.0.0.1'", `port = ${port}`, "unix_socket_directories = ''", 'max_connections = 100',
    'fsync = off', 'synchronous_commit = off', 'full_page_writes = off'
  ]
  await appendAsOwner(join(data, 'postgresql.conf'), `\n${settings.join('\n')}\n`)
  let running = false

  const start = async (): Promise<void> => {
    if (running) return
    await asOwner(join(bin, 'pg_ctl'), ['-D', data, '-l', log, '-w', '-t', '60', 'start'])
    running = true
  }
  const stop = async (): Promise<void> => {
    if (!running) return
    await asOwner(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop'])
    running = false
  }
  const urlOf = (database: string): string => `postgres://postgres@127.0.0.1:${port}/${database}`

  await start()
  return {
    url: urlOf('postgres'),
    port,
    urlOf,
    async createDatabase (name) {
      await run(join(bin, 'psql'), ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', urlOf('postgres'), '-c', `CREATE DATABASE "${name}"`], { timeout: 30_000 })
      return urlOf(name)
    },
    start,
    stop,
    async close () {
      await stop().catch(() => undefined)
      rmSync(dir, { recursive: true, force: true })
    }
  }
}

async function ownerIds (): Promise<{ uid: number, gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])])
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) }
}

/** Appends to a file of the data directory, which belongs to the server's user. */
async function appendAsOwner (file: string, text: string): Promise<void> {
  if (!asRoot()) {
    writeFileSync(file, text, { flag: 'a' })
    return
  }
  await new Promise<void>((resolve, reject) => {
    const child = execFile('runuser', ['-u', 'postgres', '--', 'tee', '-a', file], { cwd: '/' }, (error) => { if (error === null) resolve(); else reject(error) })
    child.stdin?.end(text)
  })
}
