// The hostile-text table every app's tests run over all of its routes: a NUL byte, a lone UTF-16 surrogate and an
// over-long value in each header, path parameter, query parameter and JSON body string, and inside the credentials.
// Routes come from the built app itself (`printRoutes`), so a route added later is covered without editing a test.

/** Enough of a fastify instance to list its routes. */
export interface RoutePrinter { printRoutes: () => string }

export interface AppRoute { method: string, url: string }

export interface HostileText {
  name: string
  /** The value itself, for a header or a credential. */
  raw: string
  /** The value percent-encoded for a path or query parameter (a lone surrogate as the UTF-8 bytes it would be). */
  encoded: string
  /** The value as JSON text, a lone surrogate escaped as JSON allows. */
  json: string
}

/** Longer than every app's limit for any header, parameter or body string (input-guard.ts of @openmotion/common). */
export const OVER_LONG = 70_000

export const HOSTILE_TEXT: readonly HostileText[] = [
  { name: 'a NUL byte', raw: 'a\u0000b', encoded: 'a%00b', json: '"a\\u0000b"' },
  { name: 'a lone surrogate', raw: 'a\ud800', encoded: 'a%ED%A0%80', json: '"a\\ud800"' },
  { name: 'an over-long value', raw: 'a'.repeat(OVER_LONG), encoded: 'a'.repeat(OVER_LONG), json: `"${'a'.repeat(OVER_LONG)}"` }
]

const LINE = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/
const ROOT = '(empty root node)'

/**
 * Every method and path the app routes, read from the router's radix tree as `printRoutes()` draws it: each line is
 * a piece of path under its parent (four characters of indent per level), with the methods served where a route
 * ends. (The `commonPrefix: false` drawing leaves out routes that share a wildcard, so it is not used.) HEAD, the
 * twin fastify adds to each GET, is left out: its answer has no body to read an error code from.
 */
export function routesOf (app: RoutePrinter): AppRoute[] {
  const parents: string[] = []
  const routes: AppRoute[] = []
  for (const line of app.printRoutes().split('\n')) {
    const match = LINE.exec(line)
    if (match === null) continue
    const depth = (match[1] ?? '').length / 4
    const piece = match[2] === ROOT ? '' : match[2] ?? ''
    const url = `${parents[depth - 1] ?? ''}${piece}`
    parents[depth] = url
    parents.length = depth + 1
    for (const method of (match[3] ?? '').split(', ')) if (method !== '' && method !== 'HEAD') routes.push({ method, url })
  }
  return routes
}

/** The names of a route's path parameters, the wildcard as `*`. */
export function pathParams (url: string): string[] {
  return url.split('/').flatMap((segment) => segment.startsWith(':') ? [segment.slice(1)] : segment === '*' ? ['*'] : [])
}

/** The route's URL with `hostile` in parameter `param` and `fill` in every other one. */
export function fillPath (url: string, fill: string, param?: string, hostile?: string): string {
  return url.split('/').map((segment) => {
    const name = segment.startsWith(':') ? segment.slice(1) : segment === '*' ? '*' : undefined
    if (name === undefined) return segment
    return name === param && hostile !== undefined ? hostile : fill
  }).join('/')
}

export type Position = 'path' | 'query' | 'header' | 'body'

export interface HostileCase {
  /** `POST /v1/endpoints: a NUL byte in path :id`, for the test's name. */
  name: string
  position: Position
  value: HostileText
  route: AppRoute
  method: string
  url: string
  headers: Record<string, string>
  payload?: string
}

export interface HostileCaseOptions {
  /** What to put in the path parameters the hostile value is not in. */
  fill?: string
  /**
   * The JSON body carrying `json` (a JSON value) for a route that takes a body, `{"text": json}` by default;
   * undefined for a route whose body is not text (raw uploads).
   */
  body?: (route: AppRoute, json: string) => string | undefined
}

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH'])

/** One request per route, position and hostile value: each path parameter, a query parameter, a header, the body. */
export function hostileCases (routes: readonly AppRoute[], options: HostileCaseOptions = {}): HostileCase[] {
  const fill = options.fill ?? 'x'
  const body = options.body ?? ((_route: AppRoute, json: string) => `{"text":${json}}`)
  const cases: HostileCase[] = []
  for (const route of routes) {
    const plain = fillPath(route.url, fill)
    const add = (position: Position, value: HostileText, where: string, request: { url: string, headers?: Record<string, string>, payload?: string }) => {
      cases.push({ name: `${route.method} ${route.url}: ${value.name} in ${where}`, position, value, route, method: route.method, headers: {}, ...request })
    }
    for (const value of HOSTILE_TEXT) {
      for (const param of pathParams(route.url)) add('path', value, `path :${param}`, { url: fillPath(route.url, fill, param, value.encoded) })
      add('query', value, 'a query parameter', { url: `${plain}?q=${value.encoded}` })
      add('header', value, 'a header', { url: plain, headers: { 'x-note': value.raw } })
      const payload = WITH_BODY.has(route.method) ? body(route, value.json) : undefined
      if (payload !== undefined) add('body', value, 'a body string', { url: plain, headers: { 'content-type': 'application/json' }, payload })
    }
  }
  return cases
}
