// CPU time spent over a measured window, split into the relay's process(es) and the PostgreSQL backends of one
// database, so the relay's figures can be stated per operation: CPU per operation is stable on the shared 2-core
// machine where throughput moves with the neighbours' load. PostgreSQL backends are found in pg_stat_activity
// (every backend and autovacuum worker of the bench's database, the meter's own connection excluded) and read from
// /proc; a backend that started inside the window counts whole, one that ended inside it is lost, and the
// server-wide processes (WAL writer, checkpointer) are not counted.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { join } from 'node:path'
import { openDatabase, type Database } from '../../packages/common/src/index.js'

const TICK_US = 10_000 // USER_HZ is 100 on Linux: /proc times are in hundredths of a second.

/** User + system CPU of a process from /proc, in µs; undefined once it is gone (or off Linux). */
export function processCpuUs (pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name, which may hold spaces: state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) * TICK_US
  } catch {
    return undefined
  }
}

export interface CpuSpent {
  /** This process (the relay runs in it) plus `children`. */
  relayUs: number
  /** The database's PostgreSQL backends; null when there is no PostgreSQL database to watch. */
  databaseUs: number | null
}

export interface CpuMeter { stop: () => Promise<CpuSpent> }

async function backendTimes (db: Database): Promise<Map<number, number>> {
  const { rows } = await db.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()'
  )
  const times = new Map<number, number>()
  for (const { pid } of rows) {
    const us = processCpuUs(pid)
    if (us !== undefined) times.set(pid, us)
  }
  return times
}

/**
 * A V8 CPU profile of this process over the measured window only (set-up and loading excluded), written to
 * BENCH_CPU_PROFILE_DIR as `<label>.cpuprofile` when that is set; open it in Chrome's DevTools or speedscope.
 */
async function startProfile (label: string | undefined): Promise<() => Promise<void>> {
  const dir = process.env.BENCH_CPU_PROFILE_DIR
  if (dir === undefined || dir === '' || label === undefined) return async () => {}
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.setSamplingInterval', { interval: 200 })
  await session.post('Profiler.start')
  return async () => {
    const { profile } = await session.post('Profiler.stop')
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, `${label.replace(/[^\w-]+/g, '-')}.cpuprofile`), JSON.stringify(profile))
    session.disconnect()
  }
}

/**
 * Starts counting; `children` are the pids of relay processes other than this one (a worker process), `profile`
 * names the window's CPU profile (see startProfile).
 */
export async function startCpuMeter (options: { databaseUrl?: string, children?: number[], profile?: string } = {}): Promise<CpuMeter> {
  const children = options.children ?? []
  const stopProfile = await startProfile(options.profile)
  const db = options.databaseUrl === undefined ? undefined : await openDatabase({ url: options.databaseUrl })
  const childrenBefore = children.map((pid) => processCpuUs(pid) ?? 0)
  const backendsBefore = db === undefined ? new Map<number, number>() : await backendTimes(db)
  const before = process.cpuUsage()
  return {
    async stop () {
      const used = process.cpuUsage(before)
      await stopProfile()
      let relayUs = used.user + used.system
      children.forEach((pid, i) => { relayUs += (processCpuUs(pid) ?? childrenBefore[i]!) - childrenBefore[i]! })
      if (db === undefined) return { relayUs, databaseUs: null }
      const backendsAfter = await backendTimes(db)
      await db.close()
      let databaseUs = 0
      for (const [pid, us] of backendsAfter) databaseUs += us - (backendsBefore.get(pid) ?? 0)
      return { relayUs, databaseUs }
    }
  }
}

/** "relay 95 µs + PostgreSQL 120 µs per delivery" (CPU time) */
export function perOperation (spent: CpuSpent, operations: number, what: string): string {
  if (operations <= 0) return `no ${what} to divide by`
  const relay = `relay ${(spent.relayUs / operations).toFixed(0)} µs`
  const database = spent.databaseUs === null ? '' : ` + PostgreSQL ${(spent.databaseUs / operations).toFixed(0)} µs`
  return `${relay}${database} per ${what}`
}
