// Mails that anyone can trigger for any address (verification codes, reset codes) are limited per address and
// per client IP, so the service cannot be used to flood an inbox or to guess codes by requesting many.
import type { RateLimiter } from '../adapters/rate-limiter.js'
import { rateLimited } from '../errors.js'

export interface MailLimits { perEmail: number, perIp: number, windowSeconds: number }

export async function consumeMailAllowance (limiter: RateLimiter, limits: MailLimits, kind: string, email: string, ip: string | null | undefined): Promise<void> {
  const byIp = await limiter.consume(`${kind}:ip:${ip ?? 'unknown'}`, limits.perIp, limits.windowSeconds)
  const byEmail = await limiter.consume(`${kind}:email:${email}`, limits.perEmail, limits.windowSeconds)
  if (!byIp.allowed || !byEmail.allowed) {
    throw rateLimited(Math.max(byIp.allowed ? 0 : byIp.retryAfter, byEmail.allowed ? 0 : byEmail.retryAfter), `${kind} requests`)
  }
}
