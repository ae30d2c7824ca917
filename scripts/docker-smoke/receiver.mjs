// The webhook receiver of scripts/docker-smoke.sh, a container on the compose network: answers 200 to every POST
// and keeps each request's headers and raw body; GET /received lists them (JSON) for the script to check.
import { createServer } from 'node:http'

const received = []
createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/received') {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received))
    return
  }
  const chunks = []
  request.on('data', (chunk) => chunks.push(chunk))
  request.on('end', () => {
    received.push({ url: request.url, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
  })
}).listen(9000, '0.0.0.0')
