// A webhook receiver for the relay bench, in its own process so its work does not share the relay's event loop:
// answers 200 at once to every POST, and GET /count says how many it received. GET /count?atLeast=N waits (up to
// a second) until N have arrived, so a bench waiting for a drain asks a few times instead of polling every few
// milliseconds, whose requests the relay's CPU meter, in the same process as the bench, would count. Prints its
// URL on start.
import { createServer } from 'node:http'

let count = 0
/** Long polls waiting for a count, smallest first. */
let waiting = []

const answer = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ count }))

const server = createServer((req, res) => {
  if (req.method === 'GET') {
    const atLeast = Number(new URL(req.url, 'http://receiver').searchParams.get('atLeast') ?? 0)
    if (count >= atLeast) return answer(res)
    const waiter = { atLeast, res, timer: setTimeout(() => { waiting = waiting.filter((w) => w !== waiter); answer(res) }, 1000) }
    waiting.push(waiter)
    return
  }
  req.resume()
  req.on('end', () => {
    count++
    res.writeHead(200).end()
    if (waiting.length > 0 && waiting.some((w) => count >= w.atLeast)) {
      const ready = waiting.filter((w) => count >= w.atLeast)
      waiting = waiting.filter((w) => count < w.atLeast)
      for (const w of ready) { clearTimeout(w.timer); answer(w.res) }
    }
  })
})
server.listen(0, '127.0.0.1', () => { process.stdout.write(`http://127.0.0.1:${server.address().port}\n`) })
