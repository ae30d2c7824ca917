import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { syncSecrets, type SecretApi, type StoredSecret } from '../src/cli/kubernetes-secret.js'
import { composeSecrets } from '../src/cli/secrets-volume.js'

/** The Secrets API in memory: versions counted, a write of a stale version refused as the API server does (409). */
function memorySecrets (): SecretApi & { stored: Map<string, StoredSecret>, writes: number } {
  const stored = new Map<string, StoredSecret>()
  const api = {
    stored,
    writes: 0,
    read: async (name: string) => stored.get(name),
    write: async (name: string, data: Record<string, string>, resourceVersion: string | undefined) => {
      if (stored.get(name)?.resourceVersion !== resourceVersion) throw new Error(`writing Secret ${name}: HTTP 409 conflict`)
      api.writes++
      stored.set(name, { data, resourceVersion: String(api.writes) })
    }
  }
  return api
}

const scratch = (): string => mkdtempSync(join(tmpdir(), 'k8s-secrets-'))
const decoded = (secret: StoredSecret | undefined, key: string): string => Buffer.from(secret?.data[key] ?? '', 'base64').toString('utf8')

describe('secrets kept in a Kubernetes Secret', () => {
  it('creates the Secret with every secret on the first run, and writes nothing on the next', async () => {
    const api = memorySecrets()
    const first = await syncSecrets(api, 'openmotion-secrets', scratch())
    expect(first.created.map((s) => s.name)).toEqual(composeSecrets().map((s) => s.name))
    expect(Object.keys(api.stored.get('openmotion-secrets')?.data ?? {}).sort()).toEqual(composeSecrets().map((s) => s.name).sort())
    expect(decoded(api.stored.get('openmotion-secrets'), 'auth-private-key.pem')).toContain('BEGIN PRIVATE KEY')
    const before = structuredClone(api.stored.get('openmotion-secrets'))
    const second = await syncSecrets(api, 'openmotion-secrets', scratch())
    expect(second.created).toEqual([])
    expect(api.writes).toBe(1)
    expect(api.stored.get('openmotion-secrets')).toEqual(before)
  })

  it('generates a key deleted from the Secret again and keeps every other value as it was', async () => {
    const api = memorySecrets()
    await syncSecrets(api, 'openmotion-secrets', scratch())
    const before = api.stored.get('openmotion-secrets')!
    const { 'motion-url-signing-secret': removed, ...rest } = before.data
    api.stored.set('openmotion-secrets', { data: rest, resourceVersion: before.resourceVersion })
    const { created } = await syncSecrets(api, 'openmotion-secrets', scratch())
    expect(created.map((s) => s.name)).toEqual(['motion-url-signing-secret'])
    const after = api.stored.get('openmotion-secrets')!
    expect(after.data['motion-url-signing-secret']).not.toBe(removed)
    expect({ ...after.data, 'motion-url-signing-secret': removed }).toEqual(before.data)
  })

  it('fails rather than overwrite a Secret that changed since it was read', async () => {
    const api = memorySecrets()
    const racing: SecretApi = {
      read: api.read,
      write: async (name, data, version) => {
        // Another writer gets in between this run's read and its write.
        api.stored.set(name, { data: {}, resourceVersion: 'someone-else' })
        await api.write(name, data, version)
      }
    }
    await expect(syncSecrets(racing, 'openmotion-secrets', scratch())).rejects.toThrow('HTTP 409')
  })
})
