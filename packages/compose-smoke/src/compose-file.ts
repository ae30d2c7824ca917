// Reads docker-compose.yml the way `docker compose` does for what the smoke test needs: YAML merge keys
// (`<<: *app-defaults`), `${VAR}` / `${VAR:-default}` / `${VAR-default}` interpolation from a .env, and each
// service's environment, published ports, volumes and command.
import { parse } from 'yaml'

export type DotEnv = Record<string, string>

export interface ComposeService {
  name: string
  environment: Record<string, string>
  /** Published ports, `host:container`. */
  ports: Array<{ host: number, container: number }>
  /** Named volumes and bind mounts, `source:target[:ro]`. */
  volumes: Array<{ source: string, target: string }>
  command: string[] | undefined
  /** The app the image is built for (the root Dockerfile's APP build argument), e.g. `motion-api`. */
  app: string | undefined
  dependsOn: string[]
}

interface RawService {
  environment?: Record<string, unknown> | string[]
  ports?: string[]
  volumes?: string[]
  command?: string[] | string
  build?: { dockerfile?: string, args?: Record<string, unknown> }
  depends_on?: Record<string, unknown> | string[]
}

const VARIABLE = /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?-)([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g

/** Compose's interpolation: `:-` uses the default when the variable is unset or empty, `-` only when unset. */
export function interpolate (value: string, dotEnv: DotEnv): string {
  return value.replace(VARIABLE, (match, braced: string | undefined, operator: string | undefined, fallback: string | undefined, bare: string | undefined) => {
    if (match === '$$') return '$'
    const name = braced ?? bare ?? ''
    const given = dotEnv[name]
    if (operator === ':-') return given === undefined || given === '' ? fallback ?? '' : given
    if (operator === '-') return given ?? fallback ?? ''
    return given ?? ''
  })
}

function environmentOf (raw: RawService['environment'], dotEnv: DotEnv): Record<string, string> {
  const entries: Array<[string, string]> = Array.isArray(raw)
    ? raw.map((entry) => { const at = entry.indexOf('='); return at < 0 ? [entry, dotEnv[entry] ?? ''] : [entry.slice(0, at), entry.slice(at + 1)] })
    : Object.entries(raw ?? {}).map(([name, value]) => [name, value === null || value === undefined ? '' : String(value)])
  return Object.fromEntries(entries.map(([name, value]) => [name, interpolate(value, dotEnv)]))
}

/** Every service of a compose file, interpolated with `dotEnv` (the variables a .env file would give). */
export function readComposeServices (text: string, dotEnv: DotEnv = {}): Record<string, ComposeService> {
  const compose = parse(text, { merge: true }) as { services?: Record<string, RawService> }
  const services: Record<string, ComposeService> = {}
  for (const [name, raw] of Object.entries(compose.services ?? {})) {
    services[name] = {
      name,
      environment: environmentOf(raw.environment, dotEnv),
      ports: (raw.ports ?? []).map((spec) => {
        const [host, container] = interpolate(spec, dotEnv).split(':').slice(-2).map(Number)
        return { host: host ?? 0, container: container ?? host ?? 0 }
      }),
      volumes: (raw.volumes ?? []).map((spec) => {
        const [source = '', target = ''] = interpolate(spec, dotEnv).split(':')
        return { source, target }
      }),
      command: typeof raw.command === 'string' ? raw.command.split(/\s+/) : raw.command,
      app: typeof raw.build?.args?.APP === 'string' ? raw.build.args.APP : undefined,
      dependsOn: Array.isArray(raw.depends_on) ? raw.depends_on : Object.keys(raw.depends_on ?? {})
    }
  }
  return services
}
