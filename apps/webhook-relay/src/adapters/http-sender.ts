// Sends one signed webhook over node:http(s). node:http rather than fetch because its `lookup` hook lets the
// SSRF guard judge the address actually connected to (see destination-guard.ts), and redirects are never
// followed: a 3xx is a failed attempt, so a receiver cannot bounce the relay into a private network.
// Connections are kept alive and pooled per origin (a new TCP connection per delivery costs more than the
// delivery); the guard judges each connection when it is made, and a pooled one stays with the address judged.
// An endpoint's URL is parsed and judged once, not per delivery (it was a tenth of the sender's JavaScript).
import { Agent as HttpAgent, request as httpRequest, type RequestOptions } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { isIP } from 'node:net'
import { urlToHttpOptions } from 'node:url'
import { guardedLookup, isForbiddenAddress } from '../domain/destination-guard.js'
import type { OutboundResult, WebhookSender } from '../domain/ports.js'

export const RESPONSE_BODY_LIMIT = 1024
/** Parsed endpoint URLs kept; past this the cache starts over (endpoints are far fewer in practice). */
const TARGET_CACHE_SIZE = 10_000

interface Target { https: boolean, forbidden: string | null, options: RequestOptions }

function parseTarget (raw: string, allowPrivate: boolean): Target {
  const url = new URL(raw)
  const host = url.hostname.replace(/^\[|\]$/g, '')
  // IP literals never go through `lookup`, so they are judged here.
  const forbidden = !allowPrivate && isIP(host) !== 0 && isForbiddenAddress(host) ? `destination ${host} is a forbidden address` : null
  return { https: url.protocol === 'https:', forbidden, options: urlToHttpOptions(url) }
}

export function createHttpSender (options: { allowPrivate: boolean, userAgent: string }): WebhookSender {
  // Idle sockets close after 4 s, before the 5 s keep-alive timeout of common servers (Node's included), so a
  // request is not written into a socket the receiver is closing.
  const pool = { keepAlive: true, timeout: 4000, scheduling: 'lifo' } as const
  const agents = { http: new HttpAgent(pool), https: new HttpsAgent(pool) }
  const targets = new Map<string, Target>()
  const targetOf = (raw: string): Target => {
    let target = targets.get(raw)
    if (target === undefined) {
      if (targets.size >= TARGET_CACHE_SIZE) targets.clear()
      target = parseTarget(raw, options.allowPrivate)
      targets.set(raw, target)
    }
    return target
  }
  return (outbound) => new Promise((resolve) => {
    const started = performance.now()
    const target = targetOf(outbound.url)
    if (target.forbidden !== null) {
      resolve({ statusCode: null, headers: {}, body: null, error: target.forbidden, latencyMs: 0 })
      return
    }
    const https = target.https
    const send = https ? httpsRequest : httpRequest
    let settled = false
    const finish = (result: Omit<OutboundResult, 'latencyMs'>) => {
      if (settled) return
      settled = true
      resolve({ ...result, latencyMs: Math.round(performance.now() - started) })
    }
    const req = send({
      ...target.options,
      method: 'POST',
      agent: https ? agents.https : agents.http,
      headers: {
        ...outbound.headers,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(outbound.body),
        'user-agent': options.userAgent
      },
      ...(options.allowPrivate ? {} : { lookup: guardedLookup })
    }, (res) => {
      const chunks: Buffer[] = []
      let size = 0
      res.on('data', (chunk: Buffer) => {
        if (size < RESPONSE_BODY_LIMIT) chunks.push(chunk)
        size += chunk.length
      })
      res.on('end', () => finish({
        statusCode: res.statusCode ?? null,
        headers: res.headers,
        body: Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString('utf8'),
        error: null
      }))
      res.on('error', (error) => finish({ statusCode: res.statusCode ?? null, headers: res.headers, body: null, error: error.message }))
    })
    // One deadline for the whole exchange (connect, headers and body); a socket inactivity timeout on top of it
    // could only fire at the same moment or later, and cost a listener and a timer update per request.
    const deadline = setTimeout(() => req.destroy(new Error(`timed out after ${outbound.timeoutMs} ms`)), outbound.timeoutMs)
    req.on('error', (error) => finish({ statusCode: null, headers: {}, body: null, error: error.message }))
    req.on('close', () => clearTimeout(deadline))
    req.end(outbound.body)
  })
}
