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
