// A port nothing listens on right now, for a server a test starts on a port it must know beforehand (a child
// process, a URL baked into configuration before listening).
import { createServer } from 'node:net'

export async function freePort (): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
