// A webhook receiver for the relay bench, in its own process so its work does not share the relay's event loop:
// answers 200 at once to every POST, and GET /count says how many it received. Prints its URL on start.
import { createServer } from 'node:http'

let count = 0
const server = createServer((req, res) => {
  if (req.method === 'GET') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ count }))
    return
  }
  req.resume()
  req.on('end', () => { count++; res.writeHead(200).end() })
})
server.listen(0, '127.0.0.1', () => { process.stdout.write(`http://127.0.0.1:${server.address().port}\n`) })
