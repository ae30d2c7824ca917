{{/* Names, labels and the pieces every Deployment shares. */}}

{{- define "openmotion.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 40 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 40 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "openmotion.labels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{/* Selector labels of one component: (dict "root" $ "component" "motion-api") */}}
{{- define "openmotion.selector" -}}
app.kubernetes.io/name: {{ .root.Chart.Name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "openmotion.image" -}}
{{- printf "%sopenmotion/%s:%s" .root.Values.image.registry .app .root.Values.image.tag -}}
{{- end -}}

{{/* The Secret the init Job fills (or the operator's own). */}}
{{- define "openmotion.secretsName" -}}
{{- default (printf "%s-secrets" (include "openmotion.fullname" .)) .Values.secrets.existingSecret -}}
{{- end -}}

{{- define "openmotion.connectionsName" -}}
{{- printf "%s-connections" (include "openmotion.fullname" .) -}}
{{- end -}}

{{/* Where one connection value lives: the operator's Secret when named, else the chart's connections Secret. */}}
{{- define "openmotion.ref.database" -}}
{{- if .Values.postgresql.existingSecret -}}
secretKeyRef: { name: {{ .Values.postgresql.existingSecret }}, key: {{ .Values.postgresql.existingSecretKey }} }
{{- else -}}
{{- $_ := required "postgresql.url (or postgresql.existingSecret) is required: a postgres:// URL of the database the three apps share" .Values.postgresql.url -}}
secretKeyRef: { name: {{ include "openmotion.connectionsName" . }}, key: database-url }
{{- end -}}
{{- end -}}

{{- define "openmotion.ref.redis" -}}
{{- if .Values.redis.existingSecret -}}
secretKeyRef: { name: {{ .Values.redis.existingSecret }}, key: {{ .Values.redis.existingSecretKey }} }
{{- else -}}
{{- $_ := required "redis.url (or redis.existingSecret) is required: a redis:// URL (motion-api's job queue, auth-server's rate limits)" .Values.redis.url -}}
secretKeyRef: { name: {{ include "openmotion.connectionsName" . }}, key: redis-url }
{{- end -}}
{{- end -}}

{{- define "openmotion.ref.s3" -}}
{{- $s3 := .root.Values.objectStorage -}}
{{- if $s3.existingSecret -}}
secretKeyRef: { name: {{ $s3.existingSecret }}, key: {{ index $s3 .key }} }
{{- else -}}
secretKeyRef: { name: {{ include "openmotion.connectionsName" .root }}, key: {{ index $s3 .key }} }
{{- end -}}
{{- end -}}

{{/* The variables of the process model every app shares. */}}
{{- define "openmotion.commonEnv" -}}
- { name: NODE_ENV, value: production }
- { name: LOG_LEVEL, value: info }
- { name: HOST, value: 0.0.0.0 }
- { name: DATA_DIR, value: /data }
- { name: SHUTDOWN_TIMEOUT_MS, value: {{ .shutdownTimeoutMs | int | quote }} }
{{- end -}}

{{- define "openmotion.extraEnv" -}}
{{- range $name, $value := . }}
- { name: {{ $name }}, value: {{ $value | toString | quote }} }
{{- end -}}
{{- end -}}

{{/*
A Deployment of one process. Parameters: root, component (its name), app (image), values (its block of values),
port, portVariable, args, env (YAML list text), secretItems (keys of the secrets Secret mounted at /secrets), hpa.
*/}}
{{- define "openmotion.deployment" -}}
{{- $root := .root -}}
{{- $v := .values -}}
{{- /* Drain: the preStop pause, then the app's own deadline, then a margin for the process to exit. */ -}}
{{- $grace := add $root.Values.preStopSleepSeconds (div (add $v.shutdownTimeoutMs 999) 1000) 5 -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "openmotion.fullname" $root }}-{{ .component }}
  labels:
    {{- include "openmotion.labels" $root | nindent 4 }}
    app.kubernetes.io/component: {{ .component }}
spec:
  {{- if not (and .hpa $v.autoscaling.enabled) }}
  replicas: {{ $v.replicas }}
  {{- end }}
  revisionHistoryLimit: 5
  selector:
    matchLabels:
      {{- include "openmotion.selector" (dict "root" $root "component" .component) | nindent 6 }}
  strategy:
    type: RollingUpdate
    rollingUpdate: { maxSurge: 1, maxUnavailable: 0 }
  template:
    metadata:
      labels:
        {{- include "openmotion.labels" $root | nindent 8 }}
        app.kubernetes.io/component: {{ .component }}
    spec:
      {{- with $root.Values.image.pullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      automountServiceAccountToken: false
      securityContext:
        {{- toYaml $root.Values.podSecurityContext | nindent 8 }}
      terminationGracePeriodSeconds: {{ $grace }}
      containers:
        - name: {{ .component }}
          image: {{ include "openmotion.image" (dict "root" $root "app" .app) }}
          imagePullPolicy: {{ $root.Values.image.pullPolicy }}
          {{- with .args }}
          args:
            {{- toYaml . | nindent 12 }}
          {{- end }}
          ports:
            - { name: http, containerPort: {{ .port }}, protocol: TCP }
          env:
            - { name: {{ .portVariable }}, value: {{ .port | quote }} }
            {{- include "openmotion.commonEnv" $v | nindent 12 }}
            {{- .env | nindent 12 }}
            {{- with $v.env }}
            {{- include "openmotion.extraEnv" . | nindent 12 }}
            {{- end }}
          # /healthz answers from the moment the process listens (before the database opens): a failure means the
          # process is stuck. /readyz is 503 while starting, migrating, draining or while a dependency is away.
          livenessProbe:
            httpGet: { path: /healthz, port: http }
            periodSeconds: 10
            timeoutSeconds: 5
            failureThreshold: 3
          readinessProbe:
            httpGet: { path: /readyz, port: http }
            periodSeconds: 5
            timeoutSeconds: 5
            failureThreshold: 2
          lifecycle:
            preStop:
              exec:
                command: ["sleep", {{ $root.Values.preStopSleepSeconds | toString | quote }}]
          resources:
            {{- toYaml $v.resources | nindent 12 }}
          securityContext:
            {{- toYaml $root.Values.containerSecurityContext | nindent 12 }}
          volumeMounts:
            - { name: data, mountPath: /data }
            - { name: tmp, mountPath: /tmp }
            {{- if .secretItems }}
            - { name: secrets, mountPath: /secrets, readOnly: true }
            {{- end }}
      volumes:
        # Scratch space of this pod alone (nothing here is shared or kept: files go to the bucket).
        - { name: data, emptyDir: { sizeLimit: 1Gi } }
        - { name: tmp, emptyDir: { sizeLimit: 1Gi } }
        {{- if .secretItems }}
        - name: secrets
          secret:
            secretName: {{ include "openmotion.secretsName" $root }}
            # 0440 (decimal here: YAML 1.1 and 1.2 read a leading 0 differently): the pod's group (fsGroup) reads.
            defaultMode: 288
            items:
              {{- range .secretItems }}
              - { key: {{ . }}, path: {{ . }} }
              {{- end }}
        {{- end }}
      {{- with $v.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $v.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $v.affinity }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
{{- end -}}

{{/* A Service for one process; workers get a headless one (metrics only, nothing routes to them). */}}
{{- define "openmotion.service" -}}
apiVersion: v1
kind: Service
metadata:
  name: {{ include "openmotion.fullname" .root }}-{{ .component }}
  labels:
    {{- include "openmotion.labels" .root | nindent 4 }}
    app.kubernetes.io/component: {{ .component }}
spec:
  {{- if .headless }}
  clusterIP: None
  {{- else }}
  type: ClusterIP
  {{- end }}
  selector:
    {{- include "openmotion.selector" (dict "root" .root "component" .component) | nindent 4 }}
  ports:
    - { name: http, port: {{ .port }}, targetPort: http, protocol: TCP }
{{- end -}}

{{/* A PodDisruptionBudget for a component that runs more than one pod. */}}
{{- define "openmotion.pdb" -}}
{{- if and .root.Values.podDisruptionBudget.enabled (gt (int .replicas) 1) }}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ include "openmotion.fullname" .root }}-{{ .component }}
  labels:
    {{- include "openmotion.labels" .root | nindent 4 }}
    app.kubernetes.io/component: {{ .component }}
spec:
  minAvailable: {{ .root.Values.podDisruptionBudget.minAvailable }}
  selector:
    matchLabels:
      {{- include "openmotion.selector" (dict "root" .root "component" .component) | nindent 6 }}
{{- end }}
{{- end -}}

{{/* A HorizontalPodAutoscaler on CPU for a worker Deployment. */}}
{{- define "openmotion.hpa" -}}
{{- if .values.autoscaling.enabled }}
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ include "openmotion.fullname" .root }}-{{ .component }}
  labels:
    {{- include "openmotion.labels" .root | nindent 4 }}
    app.kubernetes.io/component: {{ .component }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ include "openmotion.fullname" .root }}-{{ .component }}
  minReplicas: {{ .values.autoscaling.minReplicas }}
  maxReplicas: {{ .values.autoscaling.maxReplicas }}
  metrics:
    - type: Resource
      resource:
        name: cpu
        target: { type: Utilization, averageUtilization: {{ .values.autoscaling.targetCPUUtilizationPercentage }} }
  behavior:
    # Workers drain for up to their grace period: scaling down slowly avoids stopping work that just started.
    scaleDown:
      stabilizationWindowSeconds: 300
{{- end }}
{{- end -}}
