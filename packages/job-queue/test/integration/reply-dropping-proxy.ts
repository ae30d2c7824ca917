// A TCP proxy in front of Redis that loses one reply: once armed, it passes on the next command naming `marker`,
// and when the successful reply to it comes back it cuts that connection instead of passing the reply on. Redis
// ran the command; the client never heard — what a Redis stopped between running a script and answering does.
// Error replies (NOSCRIPT before the client sends the script itself) pass: the cut waits for the real answer.
import { connect, createServer, type Socket } from 'node:net'

export interface ReplyDroppingProxy {
  /** redis:// URL of the proxy. */
  url: string
  /** Loses the reply to the next command that contains `marker`. */
  arm: (marker: string) => void
  /** Replies lost so far. */
  readonly cuts: number
  close: () => Promise<void>
}

export async function replyDroppingProxy (redisUrl: string): Promise<ReplyDroppingProxy> {
  const target = new URL(redisUrl)
  let marker: string | undefined
  let cuts = 0
  const sockets = new Set<Socket>()
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => { sockets.delete(socket); client.destroy(); upstream.destroy() })
      socket.on('error', () => undefined)
    }
    let cutting = false
    client.on('data', (chunk: Buffer) => {
      if (marker !== undefined && chunk.includes(marker)) {
        marker = undefined
        cutting = true
      }
      upstream.write(chunk)
    })
    upstream.on('data', (chunk: Buffer) => {
      if (cutting && chunk[0] !== 0x2d) {
        cuts++
        client.destroy()
        return
      }
      client.write(chunk)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address !== null ? address.port : 0
  return {
    url: `redis://127.0.0.1:${port}${target.pathname}`,
    arm: (text) => { marker = text },
    get cuts () { return cuts },
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}
