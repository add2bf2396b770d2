{{/* Name of the chart, overridable by nameOverride. */}}
{{- define "sheaf.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Full name of the release's objects. */}}
{{- define "sheaf.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else if contains (include "sheaf.name" .) .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name (include "sheaf.name" .) | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}

{{- define "sheaf.selectorLabels" -}}
app.kubernetes.io/name: {{ include "sheaf.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "sheaf.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{ include "sheaf.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{/* The Secret holding the bundle link. */}}
{{- define "sheaf.secretName" -}}
{{- printf "%s-bundle" (include "sheaf.fullname" .) | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* The claim holding the version cache. */}}
{{- define "sheaf.claimName" -}}
{{- default (printf "%s-cache" (include "sheaf.fullname" .)) .Values.persistence.existingClaim }}
{{- end }}

{{/*
Selector labels of one part of the export service: (dict "root" $ "component" "api"|"worker").
Its own name label keeps these pods out of the host's selector (name and instance only).
*/}}
{{- define "sheaf.exportService.selectorLabels" -}}
app.kubernetes.io/name: {{ printf "%s-export" (include "sheaf.name" .root) | trunc 63 | trimSuffix "-" }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end }}

{{- define "sheaf.exportService.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{ include "sheaf.exportService.selectorLabels" . }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
{{- end }}

{{/* Object name of one part of the export service: (dict "root" $ "component" "api"|"worker"). */}}
{{- define "sheaf.exportService.fullname" -}}
{{- printf "%s-%s" (include "sheaf.fullname" .root) .component | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
Where the API and the workers keep their state, as environment variables: the store's and the
queue's URLs (they hold passwords) and the S3 credentials only through secretKeyRef.
*/}}
{{- define "sheaf.exportService.env" -}}
- name: SHEAF_STORE_URL
  valueFrom:
    secretKeyRef:
      name: {{ required "exportService.store.existingSecret is required when exportService.enabled is true (a Secret holding postgres://USER:PASSWORD@HOST:5432/DB)" .Values.exportService.store.existingSecret }}
      key: {{ .Values.exportService.store.key }}
- name: SHEAF_QUEUE_URL
  valueFrom:
    secretKeyRef:
      name: {{ required "exportService.queue.existingSecret is required when exportService.enabled is true (a Secret holding redis://HOST:6379)" .Values.exportService.queue.existingSecret }}
      key: {{ .Values.exportService.queue.key }}
- name: SHEAF_BUNDLE_STORE
  value: {{ required "exportService.bundleStore.url is required when exportService.enabled is true (s3://BUCKET/PREFIX)" .Values.exportService.bundleStore.url | quote }}
{{- with .Values.exportService.bundleStore.endpoint }}
- name: SHEAF_S3_ENDPOINT
  value: {{ . | quote }}
{{- end }}
{{- with .Values.exportService.bundleStore.region }}
- name: SHEAF_S3_REGION
  value: {{ . | quote }}
{{- end }}
{{- if .Values.exportService.bundleStore.credentialsSecret }}
- name: AWS_ACCESS_KEY_ID
  valueFrom:
    secretKeyRef:
      name: {{ .Values.exportService.bundleStore.credentialsSecret }}
      key: {{ .Values.exportService.bundleStore.accessKeyIdKey }}
- name: AWS_SECRET_ACCESS_KEY
  valueFrom:
    secretKeyRef:
      name: {{ .Values.exportService.bundleStore.credentialsSecret }}
      key: {{ .Values.exportService.bundleStore.secretAccessKeyKey }}
{{- with .Values.exportService.bundleStore.sessionTokenKey }}
- name: AWS_SESSION_TOKEN
  valueFrom:
    secretKeyRef:
      name: {{ $.Values.exportService.bundleStore.credentialsSecret }}
      key: {{ . }}
{{- end }}
{{- end }}
{{- with .Values.exportService.extraEnv }}
{{ toYaml . }}
{{- end }}
{{- end }}
