// SSRF protection. A webhook URL is attacker-controlled input that makes the relay open connections, so
// destinations resolving to loopback, private, link-local, CGNAT, metadata or otherwise special ranges are
// refused — once when the endpoint is registered and again on every connect (the lookup below), because a
// hostname may resolve to a public address at registration and to 169.254.169.254 later (DNS rebinding).
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns'
import { BlockList, isIP } from 'node:net'

const blocked = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4]
] as const) blocked.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10],
  ['ff00::', 8], ['fd00:ec2::', 32]
] as const) blocked.addSubnet(network, prefix, 'ipv6')

/** True for addresses a webhook must never reach unless private destinations are allowed. */
export function isForbiddenAddress (address: string): boolean {
  const family = isIP(address)
  if (family === 4) return blocked.check(address, 'ipv4')
  if (family === 6) {
    // IPv4-mapped (::ffff:10.0.0.1) and IPv4-compatible forms are judged by the embedded IPv4 address.
    const mapped = /^::(ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
    if (mapped?.[2] !== undefined) return blocked.check(mapped[2], 'ipv4')
    return blocked.check(address, 'ipv6')
  }
  return true
}

export class ForbiddenDestinationError extends Error {
  readonly code = 'ERR_FORBIDDEN_DESTINATION'
  constructor (readonly host: string, readonly address: string) {
    super(`destination ${host} resolves to forbidden address ${address}`)
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void

/** A `lookup` for http.request that refuses forbidden addresses at connect time. */
export function guardedLookup (hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error !== null) return callback(error, '')
    const bad = addresses.find((entry) => isForbiddenAddress(entry.address))
    if (bad !== undefined) return callback(new ForbiddenDestinationError(hostname, bad.address), '')
    if (options.all === true) return callback(null, addresses)
    const first = addresses[0]
    if (first === undefined) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '')
    callback(null, first.address, first.family)
  })
}

/** Resolves a URL's host and throws ForbiddenDestinationError when any of its addresses is forbidden. */
export async function assertPublicDestination (url: URL): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (isIP(host) !== 0) {
    if (isForbiddenAddress(host)) throw new ForbiddenDestinationError(host, host)
    return
  }
  await new Promise<void>((resolve, reject) => {
    guardedLookup(host, { all: true }, (error) => { if (error === null) resolve(); else reject(error) })
  })
}
