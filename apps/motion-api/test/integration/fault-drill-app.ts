// motion-api as its own process (src/main.ts) for the fault drills, with the load they share: submit a job, poll
// the last few, and read back every accepted job and its ledger entries once the drill is over.
import { randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { freePort, spawnMain, timedFetch, type Answer, type MainProcess } from '@openmotion/test-services'

const main = fileURLToPath(new URL('../../src/main.ts', import.meta.url))
const ADMIN = 'admin-token-for-fault-tests-0123456789'
const PROMPTS = ['walk forward', 'jump twice', 'clap hands', 'wave', 'nod']

export interface JobRecord { rid: string, status: string, chargedAmount: number, processingInfo: { attempt?: number } }
interface LedgerEntry { kind: string, rid: string | null, amount: number }

export interface MotionProcess {
  base: string
  process: MainProcess
  /** Waits for /readyz status `ok`, every dependency answering (throws with the output if the process exits or 120 s pass). */
  ready: () => Promise<void>
  /** Opens a session (dev client) and returns its cookie. */
  session: () => Promise<string>
  submit: (cookie: string, i: number) => Promise<Answer>
  status: (cookie: string, rids: string[]) => Promise<Answer>
  cancel: (cookie: string, rid: string) => Promise<Answer>
  /** Every listed job once none of `rids` is PROGRESS any more (or 120 s passed), and their ledger rows. */
  settled: (cookie: string, rids: readonly string[]) => Promise<{ jobs: JobRecord[], ledger: LedgerEntry[] }>
  stop: () => Promise<void>
}

/** /readyz 200 with status `ok`: ready, and no dependency degraded. */
export const fullyReady = (answer: Answer): boolean => answer.status === 200 && /"status":"ok"/.test(answer.body)

const sleep = async (ms: number): Promise<void> => { await new Promise((resolve) => setTimeout(resolve, ms)) }

export async function startMotionProcess (env: Record<string, string>): Promise<MotionProcess> {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const process = spawnMain(main, {
    QUEUE_PREFIX: `fault-${randomUUID()}`,
    MOTION_PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_API_KEY: ADMIN,
    RENDER_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    ...env
  })
  const json = { 'content-type': 'application/json' }
  return {
    base,
    process,
    async ready () {
      for (let i = 0; !fullyReady(await timedFetch(`${base}/readyz`)); i++) {
        if (i > 600 || process.child.exitCode !== null) throw new Error(`motion-api never became ready:\n${process.output()}`)
        await sleep(200)
      }
    },
    async session () {
      const auth = await fetch(`${base}/account/v1/auth`, { headers: { authorization: `Basic ${Buffer.from('dev-client:dev-secret').toString('base64')}` } })
      return /dmsess=[^;]+/.exec(auth.headers.get('set-cookie') ?? '')![0]
    },
    submit: async (cookie, i) => await timedFetch(`${base}/job/v1/process/text2motion`, {
      method: 'POST',
      headers: { cookie, ...json },
      body: JSON.stringify({ params: [`prompt=${PROMPTS[i % PROMPTS.length]!}`, 'model=openmotion_mannequin', 'skipFBX=1'] })
    }),
    status: async (cookie, rids) => await timedFetch(`${base}/job/v1/status/${rids.join(',')}`, { headers: { cookie } }),
    cancel: async (cookie, rid) => await timedFetch(`${base}/job/v1/cancel/${rid}`, { headers: { cookie } }),
    async settled (cookie, rids) {
      let jobs: JobRecord[] = []
      for (let i = 0; i < 240; i++) {
        const listed = await timedFetch(`${base}/job/v1/list`, { headers: { cookie } })
        if (listed.status === 200) {
          jobs = (JSON.parse(listed.body) as { list: JobRecord[] }).list.filter((j) => rids.includes(j.rid))
          if (jobs.length === rids.length && jobs.every((j) => j.status !== 'PROGRESS')) break
        }
        await sleep(500)
      }
      // Each job's own rows: the client's last 100 rows hold only part of a drill's hundreds of jobs.
      const ledger: LedgerEntry[] = []
      for (const rid of rids) {
        const answer = await timedFetch(`${base}/admin/v1/clients/dev-client/ledger?rid=${rid}`, { headers: { authorization: `Bearer ${ADMIN}` } })
        ledger.push(...(JSON.parse(answer.body) as { entries: LedgerEntry[] }).entries)
      }
      return { jobs, ledger }
    },
    async stop () {
      if (process.child.exitCode !== null) return
      process.child.kill('SIGTERM')
      await process.exited()
    }
  }
}

/** The ledger entries of one job summed: minus what it was charged when it was charged exactly once. */
export function netCharge (ledger: readonly LedgerEntry[], rid: string): { total: number, refunds: number } {
  const own = ledger.filter((e) => e.rid === rid)
  return { total: own.reduce((sum, e) => sum + e.amount, 0), refunds: own.filter((e) => e.kind === 'refund').length }
}
