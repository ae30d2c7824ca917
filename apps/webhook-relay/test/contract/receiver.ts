// A real webhook receiver on 127.0.0.1: answers from a script of status codes (the last one repeats) and keeps
// every request's headers and raw body.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Received {
  headers: IncomingHttpHeaders
  body: string
  status: number
}

export interface Receiver {
  url: string
  received: Received[]
  close: () => Promise<void>
}

export async function startReceiver (statuses: number[]): Promise<Receiver> {
  const received: Received[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const status = statuses[Math.min(received.length, statuses.length - 1)] ?? 200
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), status })
      res.writeHead(status, { 'content-type': 'text/plain' }).end(`receiver answered ${status}`)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()) })
  }
}
