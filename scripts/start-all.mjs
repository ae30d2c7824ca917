// Starts the three apps from their built dist/ on embedded defaults, prefixing each line with the app name.
// SIGINT/SIGTERM are forwarded so each app drains gracefully; the script exits when all have stopped.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { withAppNodeOptions } from './app-node-options.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const apps = ['motion-api', 'auth-server', 'webhook-relay']
const children = apps.map((name) => {
  const child = spawn(process.execPath, ['dist/main.js'], { cwd: `${root}apps/${name}`, stdio: ['ignore', 'pipe', 'pipe'], env: withAppNodeOptions(process.env) })
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = ''
    stream.on('data', (chunk) => {
      buffered += chunk.toString()
      const lines = buffered.split('\n')
      buffered = lines.pop() ?? ''
      for (const line of lines) process.stdout.write(`[${name}] ${line}\n`)
    })
  }
  return { name, child }
})

let exitCode = 0
let remaining = children.length
for (const { name, child } of children) {
  child.on('exit', (code, signal) => {
    process.stdout.write(`[${name}] exited (${signal ?? code})\n`)
    if (code !== 0 && code !== null) exitCode = code
    remaining -= 1
    if (remaining > 0 && !stopping) stop('SIGTERM')
    if (remaining === 0) process.exit(exitCode)
  })
}

let stopping = false
function stop (signal) {
  stopping = true
  for (const { child } of children) if (child.exitCode === null) child.kill(signal)
}
process.on('SIGINT', () => stop('SIGTERM'))
process.on('SIGTERM', () => stop('SIGTERM'))
