// The real mail path: nodemailer over SMTP to an smtp-server sink on a real socket, carrying both parts.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { SMTPServer } from 'smtp-server'
import { createLogger } from '@openmotion/common'
import { authConfig, buildApp } from '../../src/app.js'

interface Received { from: string, to: string[], raw: string }
const received: Received[] = []
let server: SMTPServer
let port: number

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData (stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8')
        })
        callback()
      })
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.server.address() as { port: number }).port
})
afterAll(async () => { await new Promise<void>((resolve) => server.close(() => resolve())) })

it('sends the sign-up verification mail over SMTP with a plain-text and an HTML part', async () => {
  const app = await buildApp(authConfig.load({
    LOG_LEVEL: 'silent', DOCUMENT_STORE: 'memory', BCRYPT_COST: '4', SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Auth <auth@example.com>'
  }), { logger: createLogger({ name: 'smtp-test', level: 'silent' }) })
  try {
    const response = await app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: 'mutation { signUp(email: "smtp@example.com", password: "correct horse") }' }
    })
    expect(response.json().data.signUp).toBe(true)
    await app.mailsIdle()
    const mail = received.at(-1)!
    expect(mail.from).toBe('auth@example.com')
    expect(mail.to).toEqual(['smtp@example.com'])
    expect(mail.raw).toMatch(/Content-Type: text\/plain/)
    expect(mail.raw).toMatch(/Content-Type: text\/html/)
    expect(mail.raw).toMatch(/Your e-mail verification code is \d{6}/)
  } finally {
    await app.close()
  }
})
