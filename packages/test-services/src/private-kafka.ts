// A single-node Kafka broker (KRaft: broker and controller in one JVM) of a test's own, for tests that stop and
// restart the broker under a running app; the shared one from scripts/services.sh serves other suites meanwhile.
// It runs the jars scripts/services.sh fetches into tools/kafka/target/lib, on two free ports, with a log directory
// kept across restarts so topics, offsets and committed consumer positions survive as they do in a deployment.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { PrivateService } from './fault-drill.js'
import { freePort } from './free-port.js'
import { requireTool } from './require-tool.js'
import { serverProcess } from './server-process.js'

/**
 * stop: SIGTERM (SIGKILL after 20 s), then the exit; start: on the same ports and log directory, resolves once the
 * broker answers an ApiVersions request.
 */
export interface PrivateKafka extends PrivateService {
  /** host:port of the broker. */
  readonly broker: string
}

/**
 * tools/kafka of the checkout holding `from`, or of the main checkout when `from` is in a git worktree (the jars
 * are fetched once, into the main checkout's ignored target/ directory).
 */
export function kafkaToolDir (from: string = process.cwd()): string | undefined {
  const git = (args: string[]): string | undefined => {
    try {
      return execFileSync('git', ['-C', from, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
    } catch {
      return undefined
    }
  }
  const roots = [git(['rev-parse', '--show-toplevel'])]
  const common = git(['rev-parse', '--path-format=absolute', '--git-common-dir'])
  if (common !== undefined) roots.push(dirname(common))
  for (const root of roots) {
    if (root !== undefined && existsSync(join(root, 'tools', 'kafka', 'target', 'lib'))) return join(root, 'tools', 'kafka')
  }
  return undefined
}

/** Whether Java and the broker's jars are there (throws in CI when they are not). */
export function privateKafkaAvailable (): boolean {
  const java = spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0
  return requireTool('kafka', java && kafkaToolDir() !== undefined, 'Java and the jars bash scripts/services.sh up fetches')
}

/** One ApiVersions (key 18, v0) round trip: the broker answers requests, not merely accepts connections. */
async function answersApiVersions (port: number): Promise<boolean> {
  const clientId = Buffer.from('private-kafka')
  const body = Buffer.alloc(2 + 2 + 4 + 2 + clientId.length)
  body.writeInt16BE(18, 0)
  body.writeInt16BE(0, 2)
  body.writeInt32BE(1, 4)
  body.writeInt16BE(clientId.length, 8)
  clientId.copy(body, 10)
  const size = Buffer.alloc(4)
  size.writeInt32BE(body.length)
  return await new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    let reply = Buffer.alloc(0)
    const done = (ok: boolean): void => { socket.destroy(); resolve(ok) }
    socket.setTimeout(2000, () => { done(false) })
    socket.on('error', () => { done(false) })
    socket.on('connect', () => { socket.write(Buffer.concat([size, body])) })
    socket.on('data', (chunk) => {
      reply = Buffer.concat([reply, chunk])
      // size (4), correlation id (4), error code (2)
      if (reply.length >= 10) done(reply.readInt32BE(4) === 1 && reply.readInt16BE(8) === 0)
    })
  })
}

export async function startPrivateKafka (): Promise<PrivateKafka> {
  const tool = kafkaToolDir()
  if (tool === undefined) throw new Error('no tools/kafka/target/lib: bash scripts/services.sh up fetches the Kafka jars')
  const [port, controllerPort] = [await freePort(), await freePort()]
  const dir = mkdtempSync(join(tmpdir(), 'private-kafka-'))
  const props = join(dir, 'server.properties')
  const data = join(dir, 'data')
  writeFileSync(props, [
    'process.roles=broker,controller',
    'node.id=1',
    `controller.quorum.voters=1@127.0.0.1:${controllerPort}`,
    `listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
    `advertised.listeners=PLAINTEXT://127.0.0.1:${port}`,
    'listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
    'controller.listener.names=CONTROLLER',
    'inter.broker.listener.name=PLAINTEXT',
    `log.dirs=${data}`,
    'auto.create.topics.enable=true',
    'num.partitions=3',
    'offsets.topic.replication.factor=1',
    'offsets.topic.num.partitions=3',
    'transaction.state.log.replication.factor=1',
    'transaction.state.log.min.isr=1',
    'group.initial.rebalance.delay.ms=0',
    'num.network.threads=1',
    'num.io.threads=2',
    'num.recovery.threads.per.data.dir=1',
    // A broker stopped with SIGTERM shuts down in a controlled way; a single node has nobody to hand over to.
    'controlled.shutdown.enable=false'
  ].join('\n') + '\n')
  const java = (args: string[], options: { detached?: boolean, log?: number } = {}): ChildProcess => spawn('java', [
    '-Xms128m', '-Xmx384m', '-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1', '-Djava.awt.headless=true',
    `-Dlog4j.configuration=file:${join(tool, 'log4j.properties')}`, '-cp', `${join(tool, 'target', 'lib')}/*`, ...args
  ], { stdio: ['ignore', options.log ?? 'ignore', options.log ?? 'ignore'] })

  // A cluster id is 16 random bytes in unpadded base64url; formatting writes it into the log directory once. One that
  // starts with '-' would read as an option on the command line (Kafka's own generator skips those too).
  let clusterId = randomBytes(16).toString('base64url')
  while (clusterId.startsWith('-')) clusterId = randomBytes(16).toString('base64url')
  const formatLog = openSync(join(dir, 'format.log'), 'a')
  const format = java(['kafka.tools.StorageTool', 'format', '-t', clusterId, '-c', props], { log: formatLog })
  closeSync(formatLog)
  const [formatCode] = await once(format, 'exit') as [number | null]
  if (formatCode !== 0) throw new Error(`kafka storage format failed with status ${String(formatCode)} (log: ${join(dir, 'format.log')})`)

  const { start, stop } = serverProcess({
    spawn: () => {
      const log = openSync(join(dir, 'kafka.log'), 'a')
      const started = java(['kafka.Kafka', props], { log })
      closeSync(log)
      return started
    },
    answers: async () => await answersApiVersions(port),
    probeEveryMs: 200,
    probes: 600,
    failure: `private kafka on port ${port} did not answer (log: ${join(dir, 'kafka.log')})`,
    killAfterMs: 20_000
  })

  await start()
  return {
    broker: `127.0.0.1:${port}`,
    port,
    start,
    stop,
    async close () {
      await stop()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
