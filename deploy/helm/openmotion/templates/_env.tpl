{{/* Each process's environment: only variables its app declares (config.ts), secrets as *_FILE under /secrets. */}}

{{- define "openmotion.jwksUrl" -}}
http://{{ include "openmotion.fullname" . }}-auth-server:{{ .Values.authServer.port }}/.well-known/jwks.json
{{- end -}}

{{/* motion-api and motion-worker alike: the database, the queue, the bucket, the URL-signing secret. */}}
{{- define "openmotion.motionEnv" -}}
{{- $s3 := .Values.objectStorage -}}
- { name: PUBLIC_BASE_URL, value: {{ .Values.motionApi.publicBaseUrl | quote }} }
- name: DATABASE_URL
  valueFrom: { {{ include "openmotion.ref.database" . }} }
- { name: STORAGE_TYPE, value: redis }
- name: REDIS_URL
  valueFrom: { {{ include "openmotion.ref.redis" . }} }
- { name: URL_SIGNING_SECRET_FILE, value: /secrets/motion-url-signing-secret }
- { name: FFMPEG_PATH, value: /usr/bin/ffmpeg }
- { name: JOB_TIMEOUT_MS, value: {{ .Values.motionWorker.jobTimeoutMs | int | quote }} }
- { name: FILE_STORE, value: s3 }
- { name: S3_ENDPOINT, value: {{ required "objectStorage.endpoint is required: the S3 API URL motion-api stores its files at" $s3.endpoint | quote }} }
- { name: S3_REGION, value: {{ $s3.region | quote }} }
- { name: S3_BUCKET, value: {{ required "objectStorage.bucket is required" $s3.bucket | quote }} }
- { name: S3_FORCE_PATH_STYLE, value: {{ $s3.forcePathStyle | toString | quote }} }
{{- with $s3.publicEndpoint }}
- { name: S3_PUBLIC_ENDPOINT, value: {{ . | quote }} }
{{- end }}
- name: S3_ACCESS_KEY_ID
  valueFrom: { {{ include "openmotion.ref.s3" (dict "root" . "key" "accessKeyIdKey") }} }
- name: S3_SECRET_ACCESS_KEY
  valueFrom: { {{ include "openmotion.ref.s3" (dict "root" . "key" "secretAccessKeyKey") }} }
{{- with .Values.motionApi.relay }}
{{- if .url }}
- { name: RELAY_URL, value: {{ .url | quote }} }
- name: RELAY_API_KEY
  valueFrom: { secretKeyRef: { name: {{ required "motionApi.relay.apiKeySecret is required with motionApi.relay.url" .apiKeySecret }}, key: {{ .apiKeySecretKey }} } }
{{- end }}
{{- end }}
{{- end -}}

{{- define "openmotion.motionApiEnv" -}}
{{ include "openmotion.motionEnv" . }}
- { name: MOTION_ROLE, value: api }
- { name: ADMIN_API_KEY_FILE, value: /secrets/motion-admin-api-key }
- { name: MOTION_CLIENT_ID, value: {{ .Values.motionApi.clientId | quote }} }
- { name: MOTION_CLIENT_SECRET_FILE, value: /secrets/motion-client-secret }
- { name: CORS_ORIGINS, value: {{ .Values.motionApi.corsOrigins | quote }} }
- { name: AUTH_JWKS_URL, value: {{ include "openmotion.jwksUrl" . | quote }} }
- { name: AUTH_ISSUER, value: {{ .Values.authServer.issuer | quote }} }
- { name: AUTH_AUDIENCE, value: {{ .Values.authServer.audience | quote }} }
{{- end -}}

{{- define "openmotion.motionWorkerEnv" -}}
{{ include "openmotion.motionEnv" . }}
- { name: MOTION_ROLE, value: worker }
- { name: WORKER_CONCURRENCY, value: {{ .Values.motionWorker.concurrency | int | quote }} }
{{- end -}}

{{- define "openmotion.authEnv" -}}
{{- $v := .Values.authServer -}}
- { name: PRIVATE_KEY_FILE, value: /secrets/auth-private-key.pem }
- { name: PUBLIC_KEY_FILE, value: /secrets/auth-public-key.pem }
- { name: PREVIOUS_PUBLIC_KEYS_FILE, value: /secrets/auth-previous-public-keys.pem }
- { name: MFA_ENCRYPTION_KEYS_FILE, value: /secrets/auth-mfa-encryption-keys }
- { name: ISSUER, value: {{ $v.issuer | quote }} }
- { name: AUDIENCE, value: {{ $v.audience | quote }} }
- name: DATABASE_URL
  valueFrom: { {{ include "openmotion.ref.database" . }} }
# Shared by every replica: a limit counted per pod would multiply by the replica count.
- name: REDIS_URL
  valueFrom: { {{ include "openmotion.ref.redis" . }} }
- { name: CORS_ORIGINS, value: {{ $v.corsOrigins | quote }} }
- { name: ADMIN_EMAIL, value: {{ .Values.adminEmail | quote }} }
- { name: ADMIN_PASSWORD_FILE, value: /secrets/admin-password }
- { name: APP_URL, value: {{ $v.appUrl | quote }} }
- { name: TRUST_PROXY, value: {{ $v.trustProxy | toString | quote }} }
{{- with $v.webauthn.rpId }}
- { name: WEBAUTHN_RP_ID, value: {{ . | quote }} }
{{- end }}
{{- with $v.webauthn.origins }}
- { name: WEBAUTHN_ORIGINS, value: {{ . | quote }} }
{{- end }}
{{- if $v.smtpSecret }}
- name: SMTP_URL
  valueFrom: { secretKeyRef: { name: {{ $v.smtpSecret }}, key: {{ $v.smtpSecretKey }} } }
{{- end }}
{{- end -}}

{{/* webhook-relay and webhook-relay-worker alike; (dict "root" $ "role" "api"|"worker") */}}
{{- define "openmotion.relayEnv" -}}
{{- $root := .root -}}
{{- $v := $root.Values.webhookRelay -}}
- { name: RELAY_ROLE, value: {{ .role }} }
- { name: STORAGE_TYPE, value: {{ $v.queue }} }
{{- if eq $v.queue "kafka" }}
- { name: KAFKA_BROKER, value: {{ required "kafka.brokers is required when webhookRelay.queue is kafka: host:port of the bootstrap brokers" $root.Values.kafka.brokers | quote }} }
{{- else if eq $v.queue "redis" }}
- name: REDIS_URL
  valueFrom: { {{ include "openmotion.ref.redis" $root }} }
{{- else }}
{{- fail (printf "webhookRelay.queue must be kafka or redis, not %q: the relay's API and workers share deliveries through it" $v.queue) }}
{{- end }}
- name: DATABASE_URL
  valueFrom: { {{ include "openmotion.ref.database" $root }} }
- { name: ENCRYPTION_KEY_FILE, value: /secrets/relay-encryption-key.pem }
- { name: ADMIN_API_KEY_FILE, value: /secrets/relay-admin-api-key }
- { name: AUTH_JWKS_URL, value: {{ include "openmotion.jwksUrl" $root | quote }} }
- { name: AUTH_ISSUER, value: {{ $root.Values.authServer.issuer | quote }} }
- { name: AUTH_AUDIENCE, value: {{ $root.Values.authServer.audience | quote }} }
- { name: ALLOW_PRIVATE_DESTINATIONS, value: {{ $v.allowPrivateDestinations | toString | quote }} }
{{- if eq .role "worker" }}
- { name: WORKER_CONCURRENCY, value: {{ $root.Values.relayWorker.concurrency | int | quote }} }
- { name: DELIVERY_TIMEOUT_MS, value: {{ $root.Values.relayWorker.deliveryTimeoutMs | int | quote }} }
{{- end }}
{{- end -}}
