// Counters and histograms an operator watches for abuse (failed sign-ins, token reuse) and capacity (bcrypt time).
import { Counter, Histogram, type Registry } from 'prom-client'

export interface AuthMetrics {
  signIns: Counter<'outcome' | 'reason'>
  signUps: Counter<'outcome'>
  refreshes: Counter<'outcome'>
  reuseDetections: Counter
  tokensIssued: Counter
  bcryptSeconds: Histogram<'operation'>
  mails: Counter<'kind' | 'outcome'>
  auditEvents: Counter<'type'>
}

export function createAuthMetrics (registry: Registry): AuthMetrics {
  const registers = [registry]
  return {
    signIns: new Counter({
      name: 'auth_sign_ins_total',
      help: 'Sign-in attempts by outcome and failure reason',
      labelNames: ['outcome', 'reason'] as const,
      registers
    }),
    signUps: new Counter({ name: 'auth_sign_ups_total', help: 'Sign-up attempts by outcome', labelNames: ['outcome'] as const, registers }),
    refreshes: new Counter({ name: 'auth_refreshes_total', help: 'Refresh-token exchanges by outcome', labelNames: ['outcome'] as const, registers }),
    reuseDetections: new Counter({ name: 'auth_refresh_reuse_detected_total', help: 'Rotated refresh tokens presented again (session revoked)', registers }),
    tokensIssued: new Counter({ name: 'auth_access_tokens_issued_total', help: 'Access tokens signed', registers }),
    bcryptSeconds: new Histogram({
      name: 'auth_bcrypt_duration_seconds',
      help: 'Time spent in bcrypt hash and compare',
      labelNames: ['operation'] as const,
      buckets: [0.01, 0.05, 0.1, 0.2, 0.4, 0.8, 1.6],
      registers
    }),
    mails: new Counter({ name: 'auth_mails_total', help: 'Mails sent by kind and outcome', labelNames: ['kind', 'outcome'] as const, registers }),
    auditEvents: new Counter({
      name: 'auth_audit_events_total',
      help: 'Security events written to the audit log, by type',
      labelNames: ['type'] as const,
      registers
    })
  }
}
