// `docker compose up` without Docker: one local directory per named volume, one free port per published port,
// and the compose services run as processes (see app-process.ts) with their environment made local
// (see local-environment.ts). `up(name, dotEnv)` is `docker compose up -d <name>` with that .env.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '@openmotion/test-services'
import { startAppProcess, type AppProcess } from './app-process.js'
import { readComposeServices, type ComposeService, type DotEnv } from './compose-file.js'
import { localEnvironment, type Infrastructure, type LocalEnvironment, type LocalNetwork } from './local-environment.js'

export interface LocalDeploymentOptions {
  root: string
  infra: Infrastructure
  /** Variables a service gets on top of compose's, for what a shared test machine needs (listed in the README). */
  extraEnv?: (service: string) => Record<string, string>
}

export class LocalDeployment {
  readonly network: LocalNetwork = { ports: new Map(), volumes: new Map(), disks: new Map() }
  readonly running = new Map<string, AppProcess>()
  private readonly compose: string
  private readonly scratch = mkdtempSync(join(tmpdir(), 'compose-smoke-'))

  constructor (private readonly options: LocalDeploymentOptions) {
    this.compose = readFileSync(join(options.root, 'docker-compose.yml'), 'utf8')
  }

  services (dotEnv: DotEnv = {}): Record<string, ComposeService> {
    return readComposeServices(this.compose, dotEnv)
  }

  /** Directories for every named volume and container disk, and local ports for every published app port. */
  async prepare (apps: string[]): Promise<void> {
    this.network.sharedFiles = mkdtempSync(join(this.scratch, 'shared-files-'))
    for (const service of Object.values(this.services())) {
      this.network.disks?.set(service.name, mkdtempSync(join(this.scratch, `${service.name}-disk-`)))
      for (const volume of service.volumes) {
        if (!volume.source.startsWith('.') && !this.network.volumes.has(volume.source)) { this.network.volumes.set(volume.source, mkdtempSync(join(this.scratch, `${volume.source}-`))) }
      }
    }
    for (const name of apps) {
      const published = this.services()[name]?.ports[0]
      if (published !== undefined) this.network.ports.set(name, { ...published, local: await freePort() })
    }
  }

  environment (name: string, dotEnv: DotEnv = {}): LocalEnvironment {
    const service = this.services(dotEnv)[name]
    if (service === undefined) throw new Error(`docker-compose.yml has no service ${name}`)
    const local = localEnvironment(service, this.network, this.options.infra)
    return { env: { ...local.env, ...this.options.extraEnv?.(name) }, substitutions: local.substitutions }
  }

  url (name: string, path = ''): string {
    const port = this.network.ports.get(name)
    if (port === undefined) throw new Error(`${name} publishes no port`)
    return `http://127.0.0.1:${port.local}${path}`
  }

  /** Starts (or restarts) a service's process as its image's command would run. */
  async up (name: string, dotEnv: DotEnv = {}): Promise<AppProcess> {
    await this.running.get(name)?.stop()
    const service = this.services(dotEnv)[name]!
    const [, script = 'dist/main.js', ...args] = service.command ?? []
    const localArgs = args.map((arg) => {
      const volume = service.volumes.find((v) => arg === v.target || arg.startsWith(`${v.target}/`))
      const local = volume === undefined ? undefined : this.network.volumes.get(volume.source)
      return local === undefined || volume === undefined ? arg : local + arg.slice(volume.target.length)
    })
    const app = startAppProcess({
      name,
      root: this.options.root,
      appDir: `apps/${service.app ?? name}`,
      script,
      args: localArgs,
      env: this.environment(name, dotEnv).env,
      // A fresh working directory per process, as a container has: relative defaults (./data/...) land there.
      cwd: mkdtempSync(join(this.scratch, `${name}-cwd-`))
    })
    this.running.set(name, app)
    return app
  }

  async down (): Promise<void> {
    await Promise.all([...this.running.values()].map(async (app) => app.stop()))
    this.running.clear()
  }
}
