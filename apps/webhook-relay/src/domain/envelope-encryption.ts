// Envelope encryption of webhook data at rest. Data is sealed with AES-256-GCM (fast, authenticated, any size)
// under a data key; only that 32-byte key is encrypted with RSA-OAEP-SHA256, because RSA alone can encrypt just a
// few hundred bytes. RSA is slow (a 3072-bit decryption costs ~2 ms of event loop), so one data key serves a
// process for DATA_KEY_LIFETIME_MS (each message with its own random IV, far below GCM's 2^32 messages per key) and
// unwrapped keys are cached: a message costs only AES-GCM, and each envelope still names its wrapped key. The key
// id is stored with each envelope, and GCM's tag makes tampering fail loudly instead of decrypting garbage. Keys
// rotate through a keyring (ENCRYPTION_KEYS, newest first): new data is sealed under the newest key, data under any
// listed key stays readable, and `reencrypt` moves old data to the newest key. An envelope names its key by the
// operator's id, or by the key's fingerprint (SHA-256 of the public key, first 16 hex) for data written under the
// single ENCRYPTION_KEY; either finds the key.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  privateDecrypt,
  publicEncrypt,
  randomBytes,
  constants,
  type KeyObject
} from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { pooledRandomBytes } from './random-pool.js'

export interface DataCipher {
  /** The key new data is sealed under ('' stores plaintext). */
  readonly keyId: string
  encrypt (plaintext: string): string
  decrypt (envelope: string): string
  /** True when stored text is not sealed under the newest key (re-encryption moves it). */
  isStale (stored: string): boolean
}

const VERSION = 'env1'

/** A stored envelope's parts: `env1.<key id>.<wrapped data key>.<iv>.<tag>.<ciphertext>`, base64 but the key id. */
interface Envelope { keyId: string, wrapped: string, iv: string, tag: string, ciphertext: string }

function parseEnvelope (stored: string): Envelope {
  const [version, keyId, wrapped, iv, tag, ciphertext] = stored.split('.')
  if (version !== VERSION || keyId === undefined || wrapped === undefined || iv === undefined || tag === undefined || ciphertext === undefined) {
    throw new Error('not an encrypted envelope')
  }
  return { keyId, wrapped, iv, tag, ciphertext }
}

/** One key's cipher; `open` decrypts an envelope already parsed (the keyring parses it once to find the key). */
export interface RsaCipher extends DataCipher {
  open (envelope: Envelope): string
}

/** ENCRYPTION_KEY holds a PEM or a path to one. */
export function readPrivateKey (value: string): KeyObject {
  const pem = value.includes('-----BEGIN') ? value.replaceAll('\\n', '\n') : existsSync(value) ? readFileSync(value, 'utf8') : value
  const key = createPrivateKey(pem)
  if (key.asymmetricKeyType !== 'rsa') throw new Error(`ENCRYPTION_KEY must be an RSA private key, got ${String(key.asymmetricKeyType)}`)
  return key
}

export function keyFingerprint (privateKey: KeyObject): string {
  return createHash('sha256').update(createPublicKey(privateKey).export({ type: 'spki', format: 'der' })).digest('hex').slice(0, 16)
}

/** How long one process seals new data under one data key before wrapping a fresh one. */
export const DATA_KEY_LIFETIME_MS = 3600 * 1000
/** Messages sealed under one data key at most (random 96-bit IVs stay safe far beyond this). */
const DATA_KEY_MAX_USES = 2 ** 28
const UNWRAPPED_CACHE_SIZE = 1000

export function createRsaCipher (privateKey: KeyObject, keyId: string = keyFingerprint(privateKey), now: () => number = Date.now): RsaCipher {
  const publicKey = createPublicKey(privateKey)
  const oaep = { oaepHash: 'sha256', padding: constants.RSA_PKCS1_OAEP_PADDING }
  // `prefix` is the envelope's start up to the IV ("env1.<key id>.<wrapped key>."): the same for every message
  // sealed under one data key, so it is joined once, not per message.
  let sealing: { dataKey: Buffer, wrapped: string, prefix: string, until: number, uses: number } | undefined
  // Wrapped key (base64, as stored) → data key: envelopes of one process-hour share one entry.
  const unwrapped = new Map<string, Buffer>()
  const currentKey = () => {
    if (sealing === undefined || sealing.until <= now() || sealing.uses >= DATA_KEY_MAX_USES) {
      const dataKey = randomBytes(32)
      const wrapped = publicEncrypt({ key: publicKey, ...oaep }, dataKey).toString('base64')
      sealing = { dataKey, wrapped, prefix: `${VERSION}.${keyId}.${wrapped}.`, until: now() + DATA_KEY_LIFETIME_MS, uses: 0 }
      unwrapped.set(wrapped, dataKey)
    }
    sealing.uses++
    return sealing
  }
  const unwrap = (wrapped: string): Buffer => {
    const known = unwrapped.get(wrapped)
    if (known !== undefined) return known
    const dataKey = privateDecrypt({ key: privateKey, ...oaep }, Buffer.from(wrapped, 'base64'))
    if (unwrapped.size >= UNWRAPPED_CACHE_SIZE) unwrapped.delete(unwrapped.keys().next().value as string)
    unwrapped.set(wrapped, dataKey)
    return dataKey
  }
  const open = ({ wrapped, iv, tag, ciphertext }: Envelope): string => {
    const decipher = createDecipheriv('aes-256-gcm', unwrap(wrapped), Buffer.from(iv, 'base64'))
    decipher.setAuthTag(Buffer.from(tag, 'base64'))
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString('utf8')
  }
  return {
    keyId,
    encrypt (plaintext) {
      const { dataKey, prefix } = currentKey()
      const iv = pooledRandomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', dataKey, iv)
      // Straight to base64: the cipher's decoder carries a partial base64 group from update to final.
      const ciphertext = cipher.update(plaintext, 'utf8', 'base64') + cipher.final('base64')
      return `${prefix}${iv.toString('base64')}.${cipher.getAuthTag().toString('base64')}.${ciphertext}`
    },
    decrypt (stored) {
      const envelope = parseEnvelope(stored)
      if (envelope.keyId !== keyId) throw new Error(`envelope was encrypted with key ${envelope.keyId}, the configured key is ${keyId}`)
      return open(envelope)
    },
    open,
    isStale: (stored) => envelopeKeyId(stored) !== keyId
  }
}

/** The key id an envelope names, or undefined for text that is not an envelope (stored before encryption). */
export function envelopeKeyId (stored: string): string | undefined {
  return stored.startsWith(`${VERSION}.`) ? stored.split('.')[1] : undefined
}

export interface KeyringEntry { id: string, key: KeyObject }

/**
 * ENCRYPTION_KEYS: comma-separated `id:key` entries, newest first; each key is a PEM (literal `\n` allowed) or
 * the path to a PEM file. PEM text holds no commas, so a file (ENCRYPTION_KEYS_FILE) may hold the PEMs in full.
 */
export function parseKeyring (value: string): KeyringEntry[] {
  const entries = value.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '')
  if (entries.length === 0) throw new Error('ENCRYPTION_KEYS is empty')
  const seen = new Set<string>()
  return entries.map((entry) => {
    const match = /^([A-Za-z0-9._-]{1,64}):([\s\S]+)$/.exec(entry)
    if (match === null) throw new Error('ENCRYPTION_KEYS entries must look like id:<PEM or path>, id of letters, digits, ".", "_" or "-"')
    const id = match[1] as string
    if (seen.has(id)) throw new Error(`ENCRYPTION_KEYS lists key id ${id} twice`)
    seen.add(id)
    return { id, key: readPrivateKey((match[2] as string).trim()) }
  })
}

/** New data under the first (newest) key; envelopes of every key readable, by operator id or fingerprint. */
export function createKeyring (entries: readonly KeyringEntry[]): DataCipher {
  const newest = entries[0]
  if (newest === undefined) throw new Error('a keyring needs at least one key')
  const byId = new Map<string, RsaCipher>()
  for (const { id, key } of entries) {
    const cipher = createRsaCipher(key, id)
    byId.set(id, cipher)
    byId.set(keyFingerprint(key), cipher)
  }
  const current = byId.get(newest.id) as RsaCipher
  return {
    keyId: current.keyId,
    encrypt: (plaintext) => current.encrypt(plaintext),
    decrypt (stored) {
      // Text stored before a key was configured is not an envelope: it is the plaintext itself.
      if (!stored.startsWith(`${VERSION}.`)) return stored
      const envelope = parseEnvelope(stored)
      const cipher = byId.get(envelope.keyId)
      if (cipher === undefined) throw new Error(`envelope was encrypted with key ${envelope.keyId}, which ENCRYPTION_KEYS does not list`)
      return cipher.open(envelope)
    },
    isStale: (stored) => envelopeKeyId(stored) !== current.keyId
  }
}

/** Without ENCRYPTION_KEY data is stored as it came; keyId is empty so rows say so. */
export const plaintextCipher: DataCipher = {
  keyId: '',
  encrypt: (plaintext) => plaintext,
  decrypt: (stored) => stored,
  isStale: () => false
}

/** The cipher the configuration asks for: ENCRYPTION_KEYS, else the single ENCRYPTION_KEY, else plaintext. */
export function cipherFromConfig (config: { ENCRYPTION_KEYS?: string | undefined, ENCRYPTION_KEY?: string | undefined }): DataCipher {
  if (config.ENCRYPTION_KEYS !== undefined) return createKeyring(parseKeyring(config.ENCRYPTION_KEYS))
  if (config.ENCRYPTION_KEY !== undefined) {
    const key = readPrivateKey(config.ENCRYPTION_KEY)
    return createKeyring([{ id: keyFingerprint(key), key }])
  }
  return plaintextCipher
}
