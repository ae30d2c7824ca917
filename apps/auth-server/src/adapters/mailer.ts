// Outgoing mail. SMTP through nodemailer when SMTP_URL is set; otherwise mails are written to the log (outside
// production, with their text, so the quick start works without a mail server) and kept in an outbox tests read.
import nodemailer from 'nodemailer'
import type { Logger } from '@openmotion/common'
import type { Mail, Mailer } from '../domain/ports.js'

export interface OutboxMailer extends Mailer { readonly outbox: Mail[] }

export function createSmtpMailer (url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url)
  return {
    async send (mail) { await transport.sendMail({ from, ...mail }) },
    async close () { transport.close() }
  }
}

export function createLogMailer (logger: Logger, options: { production: boolean, keep?: number }): OutboxMailer {
  const outbox: Mail[] = []
  const keep = options.keep ?? 100
  return {
    outbox,
    async send (mail) {
      if (options.production) {
        // Codes and links must not reach production logs; say only that the mail went nowhere.
        logger.warn({ to: mail.to, subject: mail.subject }, 'SMTP_URL is unset: mail NOT delivered')
        return
      }
      outbox.push(mail)
      if (outbox.length > keep) outbox.shift()
      logger.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, 'mail written to the log (SMTP_URL is unset)')
    },
    async close () {}
  }
}
