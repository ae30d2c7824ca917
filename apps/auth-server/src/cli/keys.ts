// Prints the keys production requires, in the forms PRIVATE_KEY (PKCS#8), PUBLIC_KEY (SPKI) and
// MFA_ENCRYPTION_KEYS expect.
import { newSecretKey } from '../domain/secret-box.js'
import { generatePemPair } from '../domain/signing-keys.js'

const { privateKey, publicKey } = generatePemPair()
const oneLine = (pem: string) => JSON.stringify(pem.trim())
process.stdout.write(
  '# ES512 (P-521) key pair for auth-server. Paste into .env (\\n escapes are understood):\n' +
  `PRIVATE_KEY=${oneLine(privateKey)}\nPUBLIC_KEY=${oneLine(publicKey)}\n` +
  '# AES-256 key sealing TOTP secrets at rest:\n' +
  `MFA_ENCRYPTION_KEYS=${newSecretKey()}\n`
)
