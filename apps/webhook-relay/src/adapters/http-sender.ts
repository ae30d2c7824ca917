// Sends one signed webhook through an undici Agent's `dispatch`, the lowest-level client API: node:http's
// ClientRequest cost a delivery about 36 µs of CPU and `dispatch` about 21 µs (the bench in docs/benchmarks.md),
// and a delivery is little more than that request. The SSRF guard stays at the connection: the Agent's `connect`
// takes the guard's `lookup`, so the address actually connected to is judged (see destination-guard.ts), and
// `dispatch` never follows redirects: a 3xx is a failed attempt, so a receiver cannot bounce the relay into a
// private network. Connections are kept alive and pooled per origin; a pooled one stays with the address judged.
// An endpoint's URL is parsed and judged once, not per delivery.
import type { IncomingHttpHeaders } from 'node:http'
import { isIP } from 'node:net'
import { createRequire } from 'node:module'
import type { Agent as AgentClass, Dispatcher } from 'undici'
import { guardedLookup, isForbiddenAddress } from '../domain/destination-guard.js'
import type { OutboundResult, WebhookSender } from '../domain/ports.js'

// The Agent alone, not undici's index: the index loads fetch, WebSocket, EventSource and the cache as well, ~3 MB of
// heap and ~8 MB resident that a relay never uses. undici has no exports map, so this path is its public module
// layout; the sender's tests import it, so an upgrade that moves it fails them.
const Agent = createRequire(import.meta.url)('undici/lib/dispatcher/agent.js') as typeof AgentClass

export const RESPONSE_BODY_LIMIT = 1024
/** Parsed endpoint URLs kept; past this the cache starts over (endpoints are far fewer in practice). */
const TARGET_CACHE_SIZE = 10_000
/** Idle sockets close after 4 s, before the 5 s keep-alive timeout of common servers (Node's included). */
const KEEP_ALIVE_MS = 4000

interface Target { origin: string, path: string, forbidden: string | null }

function parseTarget (raw: string, allowPrivate: boolean): Target {
  const url = new URL(raw)
  const host = url.hostname.replace(/^\[|\]$/g, '')
  // IP literals never go through `lookup`, so they are judged here.
  const forbidden = !allowPrivate && isIP(host) !== 0 && isForbiddenAddress(host) ? `destination ${host} is a forbidden address` : null
  return { origin: url.origin, path: `${url.pathname}${url.search}`, forbidden }
}

export function createHttpSender (options: { allowPrivate: boolean, userAgent: string, timeoutMs?: number }): WebhookSender {
  const agent = new Agent({
    keepAliveTimeout: KEEP_ALIVE_MS,
    keepAliveMaxTimeout: KEEP_ALIVE_MS,
    // A connection that is not made by then fails the attempt; the request's own deadline below covers the rest.
    connect: { timeout: options.timeoutMs ?? 10_000, ...(options.allowPrivate ? {} : { lookup: guardedLookup }) }
  })
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
    let target: Target
    try {
      target = targetOf(outbound.url)
    } catch {
      resolve({ statusCode: null, headers: {}, body: null, error: `invalid URL ${outbound.url}`, latencyMs: 0 })
      return
    }
    if (target.forbidden !== null) {
      resolve({ statusCode: null, headers: {}, body: null, error: target.forbidden, latencyMs: 0 })
      return
    }
    let settled = false
    const finish = (result: Omit<OutboundResult, 'latencyMs'>) => {
      if (settled) return
      settled = true
      clearTimeout(deadline)
      resolve({ ...result, latencyMs: Math.round(performance.now() - started) })
    }
    let statusCode: number | null = null
    let headers: IncomingHttpHeaders = {}
    const chunks: Buffer[] = []
    let size = 0
    let controller: Dispatcher.DispatchController | undefined
    // One deadline for the whole exchange (connect, headers and body). A request still waiting for its connection
    // has no controller yet: it is answered at once and aborted as soon as it starts.
    const deadline = setTimeout(() => {
      const error = new Error(`timed out after ${outbound.timeoutMs} ms`)
      controller?.abort(error)
      finish({ statusCode, headers, body: null, error: error.message })
    }, outbound.timeoutMs)
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart (started) {
        controller = started
        if (settled) started.abort(new Error('timed out'))
      },
      onResponseStart (_controller, status, responseHeaders) {
        statusCode = status
        headers = responseHeaders
      },
      onResponseData (_controller, chunk) {
        if (size < RESPONSE_BODY_LIMIT) chunks.push(chunk)
        size += chunk.length
      },
      onResponseEnd () {
        finish({ statusCode, headers, body: Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString('utf8'), error: null })
      },
      onResponseError (_controller, error) {
        finish({ statusCode, headers, body: null, error: error.message })
      }
    }
    try {
      agent.dispatch({
        origin: target.origin,
        path: target.path,
        method: 'POST',
        headers: { ...outbound.headers, 'content-type': 'application/json', 'user-agent': options.userAgent },
        body: outbound.body
      }, handler)
    } catch (error) {
      finish({ statusCode: null, headers: {}, body: null, error: error instanceof Error ? error.message : String(error) })
    }
  })
}
