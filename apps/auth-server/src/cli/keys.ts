// Prints a fresh ES512 key pair in the forms PRIVATE_KEY (PKCS#8) and PUBLIC_KEY (SPKI) expect.
import { generatePemPair } from '../domain/signing-keys.js'

const { privateKey, publicKey } = generatePemPair()
const oneLine = (pem: string) => JSON.stringify(pem.trim())
process.stdout.write(
  `# ES512 (P-521) key pair for auth-server. Paste into .env (\\n escapes are understood):\nPRIVATE_KEY=${oneLine(privateKey)}\nPUBLIC_KEY=${oneLine(publicKey)}\n`
)
