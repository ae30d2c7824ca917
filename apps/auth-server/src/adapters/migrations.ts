// The auth-server's tables, applied in order at start by openAppDatabase (common/migrate.ts); each app keeps its
// migrations in src/adapters/migrations.ts and never edits an applied one.
import type { Migration } from '@openmotion/common'

export const migrations: Migration[] = [
  {
    id: '001_documents',
    sql: 'CREATE TABLE auth_documents (collection text NOT NULL, id text NOT NULL, doc jsonb NOT NULL, unique_key text, PRIMARY KEY (collection, id))'
  },
  { id: '002_unique', sql: 'CREATE UNIQUE INDEX auth_documents_unique ON auth_documents (collection, unique_key) WHERE unique_key IS NOT NULL' },
  { id: '003_user_email', sql: "CREATE INDEX auth_documents_email ON auth_documents (collection, (doc->>'email'))" },
  { id: '004_session_user', sql: "CREATE INDEX auth_documents_user ON auth_documents (collection, (doc->>'userId'))" },
  { id: '005_invitation_token', sql: "CREATE INDEX auth_documents_token ON auth_documents (collection, (doc->>'tokenHash'))" },
  { id: '006_audit_user', sql: "CREATE INDEX auth_documents_audit_user ON auth_documents (collection, (doc->>'userId'), id) WHERE collection = 'audit'" },
  // MFA tickets and WebAuthn challenges are purged by expiry (DocumentStore.deleteBefore).
  {
    id: '007_expiring_secrets',
    sql: "CREATE INDEX auth_documents_expiry ON auth_documents (collection, (doc->>'expiresAt')) WHERE collection IN ('mfa_tickets', 'webauthn_challenges')"
  },
  // Sign-in with identity providers: flows (state, nonce, PKCE verifier) and one-time codes are purged by expiry;
  // identities (id = hash of provider and subject, so one account per outside identity) are found by userId (004).
  {
    id: '008_provider_expiry',
    sql: "CREATE INDEX auth_documents_provider_expiry ON auth_documents (collection, (doc->>'expiresAt')) WHERE collection IN ('provider_flows', 'provider_codes')"
  }
]
