// Sends one signed webhook over node:http(s). node:http rather than fetch because its `lookup` hook lets the
// SSRF guard judge the address actually connected to (see destination-guard.ts), and redirects are never
// followed: a 3xx is a failed attempt, so a receiver cannot bounce the relay into a private network.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP } from 'node:net'
import { guardedLookup, isForbiddenAddress } from '../domain/destination-guard.js'

export interface OutboundRequest {
  url: string
  headers: Record<string, string>
  body: string
  timeoutMs: number
}

export interface OutboundResult {
  statusCode: number | null
  headers: IncomingHttpHeaders
  /** The response body, cut to RESPONSE_BODY_LIMIT bytes. */
  body: string | null
  error: string | null
  latencyMs: number
}

export type WebhookSender = (request: OutboundRequest) => Promise<OutboundResult>

export const RESPONSE_BODY_LIMIT = 1024

export function createHttpSender (options: { allowPrivate: boolean, userAgent: string }): WebhookSender {
  return (outbound) => new Promise((resolve) => {
    const started = performance.now()
    const url = new URL(outbound.url)
    const host = url.hostname.replace(/^\[|\]$/g, '')
    // IP literals never go through `lookup`, so they are judged here.
    if (!options.allowPrivate && isIP(host) !== 0 && isForbiddenAddress(host)) {
      resolve({ statusCode: null, headers: {}, body: null, error: `destination ${host} is a forbidden address`, latencyMs: 0 })
      return
    }
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest
    let settled = false
    const finish = (result: Omit<OutboundResult, 'latencyMs'>) => {
      if (settled) return
      settled = true
      resolve({ ...result, latencyMs: Math.round(performance.now() - started) })
    }
    const req = send(url, {
      method: 'POST',
      headers: {
        ...outbound.headers,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(outbound.body),
        'user-agent': options.userAgent
      },
      ...(options.allowPrivate ? {} : { lookup: guardedLookup }),
      timeout: outbound.timeoutMs
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
    // One deadline for the whole exchange (connect, headers and body), not just socket inactivity.
    const deadline = setTimeout(() => req.destroy(new Error(`timed out after ${outbound.timeoutMs} ms`)), outbound.timeoutMs)
    req.on('timeout', () => req.destroy(new Error(`timed out after ${outbound.timeoutMs} ms`)))
    req.on('error', (error) => finish({ statusCode: null, headers: {}, body: null, error: error.message }))
    req.on('close', () => clearTimeout(deadline))
    req.end(outbound.body)
  })
}
