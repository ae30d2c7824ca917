// Plain-text and HTML bodies of the mails the service sends. Values are HTML-escaped in the HTML part.
import type { Mail } from './ports.js'

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function compose (to: string, subject: string, lines: string[], link?: { url: string, label: string }): Mail {
  const text = [...lines, ...(link === undefined ? [] : ['', `${link.label}: ${link.url}`])].join('\n')
  const html = `<!doctype html><html><body style="font-family:sans-serif">${lines.map((l) => `<p>${escape(l)}</p>`).join('')}${
    link === undefined ? '' : `<p><a href="${escape(link.url)}">${escape(link.label)}</a></p>`}</body></html>`
  return { to, subject, text, html }
}

const withQuery = (base: string, path: string, query: Record<string, string>) => `${base.replace(/\/$/, '')}${path}?${new URLSearchParams(query).toString()}`

export function verificationMail (appUrl: string, email: string, code: string, minutes: number): Mail {
  return compose(email, `Your verification code: ${code}`, [
    `Your e-mail verification code is ${code}.`,
    `It expires in ${minutes} minutes. If you did not create an account, ignore this mail.`
  ], { url: withQuery(appUrl, '/verify-email', { email, code }), label: 'Verify your address' })
}

export function passwordResetMail (appUrl: string, email: string, code: string, minutes: number): Mail {
  return compose(email, 'Reset your password', [
    `Your password reset code is ${code}.`,
    `It expires in ${minutes} minutes and works once. Resetting signs you out on every device.`,
    'If you did not ask for this, ignore this mail: your password stays as it is.'
  ], { url: withQuery(appUrl, '/reset-password', { email, code }), label: 'Choose a new password' })
}

export function invitationMail (appUrl: string, email: string, token: string, days: number): Mail {
  return compose(email, 'You are invited', [
    'You have been invited to create an account.',
    `The invitation works once and expires in ${days} days.`
  ], { url: withQuery(appUrl, '/accept-invitation', { token }), label: 'Accept the invitation' })
}

export function signUpAttemptMail (appUrl: string, email: string): Mail {
  return compose(email, 'Someone tried to sign up with your address', [
    'Someone tried to create an account with this e-mail address, which already has one.',
    'If it was you, sign in instead, or reset your password if you forgot it. Otherwise ignore this mail: nothing has changed.'
  ], { url: `${appUrl.replace(/\/$/, '')}/reset-password`, label: 'Reset your password' })
}

export function passwordChangedMail (appUrl: string, email: string): Mail {
  return compose(email, 'Your password was changed', [
    'The password of your account was just changed, and your other devices were signed out.',
    'If you did not do this, reset your password now and contact support.'
  ], { url: `${appUrl.replace(/\/$/, '')}/reset-password`, label: 'Reset your password' })
}
