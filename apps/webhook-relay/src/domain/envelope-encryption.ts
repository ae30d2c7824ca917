// Envelope encryption of webhook data at rest. Each message gets a fresh AES-256-GCM key (fast, authenticated,
// any size); only that 32-byte key is encrypted with RSA-OAEP-SHA256, because RSA alone can encrypt just a few
// hundred bytes. The key id (SHA-256 of the public key, first 16 hex) is stored with each envelope so a rotated
// ENCRYPTION_KEY can be recognised, and GCM's tag makes tampering fail loudly instead of decrypting garbage.
import { createCipheriv, createDecipheriv, createHash, createPrivateKey, createPublicKey, privateDecrypt, publicEncrypt, randomBytes, constants, type KeyObject } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'

export interface DataCipher {
  readonly keyId: string
  encrypt (plaintext: string): string
  decrypt (envelope: string): string
}

const VERSION = 'env1'

/** ENCRYPTION_KEY holds a PEM or a path to one. */
export function readPrivateKey (value: string): KeyObject {
  const pem = value.includes('-----BEGIN') ? value.replaceAll('\\n', '\n') : existsSync(value) ? readFileSync(value, 'utf8') : value
  const key = createPrivateKey(pem)
  if (key.asymmetricKeyType !== 'rsa') throw new Error(`ENCRYPTION_KEY must be an RSA private key, got ${String(key.asymmetricKeyType)}`)
  return key
}

export function createRsaCipher (privateKey: KeyObject): DataCipher {
  const publicKey = createPublicKey(privateKey)
  const keyId = createHash('sha256').update(publicKey.export({ type: 'spki', format: 'der' })).digest('hex').slice(0, 16)
  const oaep = { oaepHash: 'sha256', padding: constants.RSA_PKCS1_OAEP_PADDING }
  return {
    keyId,
    encrypt (plaintext) {
      const dataKey = randomBytes(32)
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', dataKey, iv)
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
      const wrapped = publicEncrypt({ key: publicKey, ...oaep }, dataKey)
      return [VERSION, keyId, wrapped.toString('base64'), iv.toString('base64'), cipher.getAuthTag().toString('base64'), ciphertext.toString('base64')].join('.')
    },
    decrypt (envelope) {
      const [version, id, wrapped, iv, tag, ciphertext] = envelope.split('.')
      if (version !== VERSION || wrapped === undefined || iv === undefined || tag === undefined || ciphertext === undefined) throw new Error('not an encrypted envelope')
      if (id !== keyId) throw new Error(`envelope was encrypted with key ${String(id)}, the configured key is ${keyId}`)
      const dataKey = privateDecrypt({ key: privateKey, ...oaep }, Buffer.from(wrapped, 'base64'))
      const decipher = createDecipheriv('aes-256-gcm', dataKey, Buffer.from(iv, 'base64'))
      decipher.setAuthTag(Buffer.from(tag, 'base64'))
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString('utf8')
    }
  }
}

/** Without ENCRYPTION_KEY data is stored as it came; keyId is empty so rows say so. */
export const plaintextCipher: DataCipher = {
  keyId: '',
  encrypt: (plaintext) => plaintext,
  decrypt: (stored) => stored
}
