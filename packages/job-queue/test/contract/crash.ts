// Spawns crash-consumer.ts, waits until it holds the job, and SIGKILLs it: a consumer dying mid-job.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { TestJob } from './queue-contract.js'

const script = fileURLToPath(new URL('./crash-consumer.ts', import.meta.url))

export async function killConsumerMidJob (kind: 'redis' | 'kafka', target: string, namespace: string, job: TestJob): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, CRASH_QUEUE_KIND: kind, CRASH_QUEUE_TARGET: target, CRASH_QUEUE_NAMESPACE: namespace },
    stdio: ['ignore', 'pipe', 'inherit']
  })
  let output = ''
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`child never took the job: ${output}`)) }, 60_000)
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes(`took ${job.deliveryId}`)) { clearTimeout(timer); resolve() }
    })
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`child exited early (${String(code)}): ${output}`)) })
  })
  child.removeAllListeners('exit')
  child.kill('SIGKILL')
  await new Promise((resolve) => child.once('exit', resolve))
}
