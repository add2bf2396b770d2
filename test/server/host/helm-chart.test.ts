import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import yaml from 'js-yaml';

/**
 * `helm` cannot be installed here, so `helm lint`/`helm template` do not run: these tests read the
 * chart as text and YAML and check what can be checked without rendering it.
 */
const CHART = path.resolve('deploy/helm/sheaf');

async function templates(): Promise<Record<string, string>> {
  const names = await readdir(path.join(CHART, 'templates'));
  return Object.fromEntries(await Promise.all(names.map(async (n) => [n, await readFile(path.join(CHART, 'templates', n), 'utf8')] as const)));
}

/** Dotted paths of every key in values.yaml (maps are walked; lists and scalars end a path). */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.length) return [prefix];
  return entries.flatMap(([k, v]) => keyPaths(v, prefix ? `${prefix}.${k}` : k));
}

/** A template with its whole-line actions dropped and its inline ones blanked to `x`: the static YAML around the actions. */
const plainYaml = (text: string) =>
  text
    .split('\n')
    .filter((l) => !/^\s*\{\{.*\}\}\s*$/.test(l))
    .map((l) => l.replace(/\{\{.*?\}\}/g, 'x'))
    .join('\n');

/** The body of one `define` of _helpers.tpl (up to the next define), without its closing `end`. */
function helperBody(helpers: string, name: string): string {
  const start = helpers.indexOf(`{{- define "${name}" -}}`);
  if (start < 0) throw new Error(`no helper ${name}`);
  const from = helpers.indexOf('\n', start) + 1;
  const next = helpers.indexOf('{{- define', from);
  const body = helpers.slice(from, next < 0 ? undefined : next).trimEnd();
  // Drop a trailing comment block of the next define, then the closing `end`.
  return body.replace(/\n\{\{\/\*[\s\S]*\*\/\}\}$/, '').replace(/\n\{\{- end \}\}$/, '');
}

interface Container {
  name: string;
  command?: string[];
  args?: string[];
  ports?: { name: string; containerPort: unknown }[];
  livenessProbe?: { httpGet: { path: string; port: string } };
  readinessProbe?: { httpGet: { path: string; port: string } };
  startupProbe?: unknown;
  volumeMounts: { name: string; mountPath: string }[];
}
interface DeploymentSpec {
  kind: string;
  spec: { template: { spec: { containers: Container[]; volumes: { name: string; emptyDir?: object }[] } } };
}

const referenced = (text: string) => [...text.matchAll(/\.Values\.([A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*)/g)].map((m) => m[1] as string);

describe('Helm chart deploy/helm/sheaf', () => {
  it('has a Chart.yaml helm accepts (apiVersion v2, semver version, appVersion of Sheaf)', async () => {
    const chart = yaml.load(await readFile(path.join(CHART, 'Chart.yaml'), 'utf8')) as Record<string, unknown>;
    const pkg = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };
    expect(chart).toMatchObject({ apiVersion: 'v2', name: 'sheaf', type: 'application', appVersion: pkg.version });
    expect(chart['version']).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('has the interface’s staticExport values, off by default', async () => {
    const values = yaml.load(await readFile(path.join(CHART, 'values.yaml'), 'utf8')) as Record<string, Record<string, unknown>>;
    expect(values['staticExport']).toEqual({ enabled: false, bundleUrl: '', version: '' });
    expect(values['playground']).toEqual({ allowHosts: [] });
  });

  it('references exactly the value keys that exist', async () => {
    const values = yaml.load(await readFile(path.join(CHART, 'values.yaml'), 'utf8')) as unknown;
    const defined = keyPaths(values);
    const used = [...new Set(Object.values(await templates()).flatMap(referenced))].sort();
    // Every reference names a key of values.yaml (or a map holding keys, passed whole through toYaml).
    const unknown = used.filter((u) => !defined.some((d) => d === u || d.startsWith(`${u}.`)));
    expect(unknown).toEqual([]);
    // Every key of values.yaml is read by some template (itself or a map above it).
    const unused = defined.filter((d) => !used.some((u) => d === u || d.startsWith(`${u}.`)));
    expect(unused).toEqual([]);
  });

  it('drives `sheaf host` from staticExport: the link through a Secret and an env var, the pin as --version', async () => {
    const t = await templates();
    const deployment = t['deployment.yaml'] as string;
    const secret = t['secret.yaml'] as string;
    for (const name of ['deployment.yaml', 'secret.yaml', 'service.yaml', 'pvc.yaml']) expect(t[name]).toMatch(/^\{\{- if (and )?\.Values\.staticExport\.enabled/);
    // The link is in the Secret only, never in the pod spec's arguments.
    expect(secret).toContain('{{ required "staticExport.bundleUrl is required when staticExport.enabled is true (the bundleUrl returned by the bundle endpoint)" .Values.staticExport.bundleUrl | quote }}');
    expect(deployment).not.toContain('bundleUrl |');
    expect(deployment).not.toContain('.Values.staticExport.bundleUrl');
    expect(deployment).toContain(['- name: SHEAF_BUNDLE_URL', '  valueFrom:', '    secretKeyRef:', '      name: {{ include "sheaf.secretName" . }}', '      key: bundleUrl'].map((l) => `            ${l}`).join('\n'));
    expect(secret).toContain('name: {{ include "sheaf.secretName" . }}');
    expect(deployment).toContain(['{{- with .Values.staticExport.version }}', '- --version', '- {{ . | quote }}', '{{- end }}'].map((l) => `            ${l}`).join('\n'));
    expect(deployment).toContain(['- --port', '- {{ .Values.containerPort | quote }}'].map((l) => `            ${l}`).join('\n'));
    // Serving processes from the values (auto would count the node's cores, not the pod's).
    expect(deployment).toContain(['- --workers', '- {{ .Values.workers | quote }}'].map((l) => `            ${l}`).join('\n'));
    expect((yaml.load(await readFile(path.join(CHART, 'values.yaml'), 'utf8')) as Record<string, unknown>)['workers']).toBe(1);
    expect(deployment).toContain(['{{- with .Values.playground.allowHosts }}', '- --allow-host', '- {{ join "," . | quote }}'].map((l) => `            ${l}`).join('\n'));
    // A new link changes the Secret's checksum, which rolls the pods.
    expect(deployment).toContain('checksum/bundle: {{ include (print $.Template.BasePath "/secret.yaml") . | sha256sum }}');
  });

  it('probes the host’s health endpoint and mounts the version cache at /data', async () => {
    const deployment = (await templates())['deployment.yaml'] as string;
    for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
      expect(deployment).toContain(`${probe}:\n            httpGet:\n              path: /_svc/health\n              port: http`);
    }
    expect(deployment).toContain('- --data-dir\n            - /data');
    expect(deployment).toContain('mountPath: /data');
    expect(deployment).toContain('claimName: {{ include "sheaf.claimName" . }}');
  });

  it('is valid YAML once the template lines are taken out (values, Chart, static parts)', async () => {
    for (const [name, text] of Object.entries(await templates())) {
      if (!name.endsWith('.yaml')) continue;
      // Drop whole-line actions, blank the inline ones: what is left must at least parse.
      expect(() => yaml.load(plainYaml(text)), name).not.toThrow();
    }
  });

  describe('the export service (exportService: `sheaf service` API and `sheaf worker`)', () => {
    const EXPORT_TEMPLATES = ['export-api-deployment.yaml', 'export-worker-deployment.yaml', 'export-api-service.yaml'];
    const values = async () => yaml.load(await readFile(path.join(CHART, 'values.yaml'), 'utf8')) as { exportService: Record<string, unknown> } & Record<string, unknown>;
    const deployment = async (name: string) => {
      const doc = yaml.load(plainYaml((await templates())[name] as string)) as DeploymentSpec;
      expect(doc.kind).toBe('Deployment');
      const [container, ...others] = doc.spec.template.spec.containers;
      expect(others).toEqual([]);
      return { doc, container: container as Container, text: (await templates())[name] as string };
    };
    /** The value following a flag in a container's args (inline actions read `x`). */
    const argAfter = (args: readonly string[] | undefined, flag: string) => (args ?? [])[(args ?? []).indexOf(flag) + 1];

    it('has its values, off by default, with no URL, password or credential among them', async () => {
      const { exportService } = await values();
      expect(exportService).toMatchObject({
        enabled: false,
        store: { existingSecret: '', key: 'url' },
        queue: { existingSecret: '', key: 'url' },
        bundleStore: { url: '', endpoint: '', region: '', credentialsSecret: '', accessKeyIdKey: 'AWS_ACCESS_KEY_ID', secretAccessKeyKey: 'AWS_SECRET_ACCESS_KEY', sessionTokenKey: '' },
        sources: { existingClaim: '', mountPath: '/srv/docs' },
        sandbox: 'permission',
        maxAttempts: 2,
        extraEnv: [],
        api: { replicas: 2, port: 8787, linkTtl: 3600, jobsPerHour: 60, extraArgs: [], service: { type: 'ClusterIP', port: 8787 } },
        worker: { replicas: 2, concurrency: 1, jobTimeout: 600, jobMemory: 2048, stallInterval: 30, extraArgs: [] },
      });
      // The store and the queue are named only by a Secret and its key: no URL (it holds the password) as a value.
      expect(Object.keys(exportService['store'] as object).sort()).toEqual(['existingSecret', 'key']);
      expect(Object.keys(exportService['queue'] as object).sort()).toEqual(['existingSecret', 'key']);
      const leaves = keyPaths(exportService);
      for (const leaf of leaves) expect(leaf, leaf).not.toMatch(/password|accessKeyId$|secretAccessKey$|token$/i);
      // The host's values stay as they were (the Kubernetes Service of `sheaf host` keeps `service:`).
      expect((await values())['service']).toEqual({ type: 'ClusterIP', port: 80 });
    });

    it('deploys nothing unless exportService.enabled, and the host templates only with staticExport.enabled', async () => {
      const t = await templates();
      for (const name of EXPORT_TEMPLATES) expect(t[name], name).toMatch(/^\{\{- if \.Values\.exportService\.enabled \}\}\n/);
      for (const name of EXPORT_TEMPLATES) expect(t[name], name).not.toContain('.Values.staticExport');
      for (const name of ['deployment.yaml', 'secret.yaml', 'service.yaml', 'pvc.yaml']) expect(t[name], name).not.toContain('.Values.exportService');
      const notes = t['NOTES.txt'] as string;
      expect(notes).toContain('{{- if .Values.exportService.enabled }}');
      expect(notes).toContain('{{- if not (or .Values.staticExport.enabled .Values.exportService.enabled) }}');
    });

    it('gives the store, queue and S3 credentials to the pods only through secretKeyRef', async () => {
      const t = await templates();
      const helpers = t['_helpers.tpl'] as string;
      const env = yaml.load(plainYaml(helperBody(helpers, 'sheaf.exportService.env'))) as { name: string; value?: string; valueFrom?: { secretKeyRef: { name: string; key: string } } }[];
      expect(env.map((e) => e.name)).toEqual(['SHEAF_STORE_URL', 'SHEAF_QUEUE_URL', 'SHEAF_BUNDLE_STORE', 'SHEAF_S3_ENDPOINT', 'SHEAF_S3_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN']);
      for (const secret of ['SHEAF_STORE_URL', 'SHEAF_QUEUE_URL', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN']) {
        const entry = env.find((e) => e.name === secret);
        expect(entry?.value, secret).toBeUndefined();
        expect(entry?.valueFrom?.secretKeyRef, secret).toEqual({ name: 'x', key: 'x' });
      }
      for (const plain of ['SHEAF_BUNDLE_STORE', 'SHEAF_S3_ENDPOINT', 'SHEAF_S3_REGION']) expect(env.find((e) => e.name === plain)?.value, plain).toBe('x');
      // Which Secret and key each one reads, and that the three backends are required.
      const body = helperBody(helpers, 'sheaf.exportService.env');
      expect(body).toContain('name: {{ required "exportService.store.existingSecret is required when exportService.enabled is true (a Secret holding postgres://USER:PASSWORD@HOST:5432/DB)" .Values.exportService.store.existingSecret }}\n      key: {{ .Values.exportService.store.key }}');
      expect(body).toContain('name: {{ required "exportService.queue.existingSecret is required when exportService.enabled is true (a Secret holding redis://HOST:6379)" .Values.exportService.queue.existingSecret }}\n      key: {{ .Values.exportService.queue.key }}');
      expect(body).toContain('value: {{ required "exportService.bundleStore.url is required when exportService.enabled is true (s3://BUCKET/PREFIX)" .Values.exportService.bundleStore.url | quote }}');
      expect(body).toContain('{{- if .Values.exportService.bundleStore.credentialsSecret }}');
      expect(body).toContain('      name: {{ .Values.exportService.bundleStore.credentialsSecret }}\n      key: {{ .Values.exportService.bundleStore.accessKeyIdKey }}');
      expect(body).toContain('      name: {{ .Values.exportService.bundleStore.credentialsSecret }}\n      key: {{ .Values.exportService.bundleStore.secretAccessKeyKey }}');
      expect(body).toContain('{{- with .Values.exportService.bundleStore.sessionTokenKey }}');
      // Both deployments take exactly this environment; no URL or credential reaches an argument or a Secret of the chart.
      for (const name of ['export-api-deployment.yaml', 'export-worker-deployment.yaml']) {
        const text = t[name] as string;
        expect(text, name).toContain('          env:\n            {{- include "sheaf.exportService.env" . | nindent 12 }}\n');
        expect(text, name).not.toMatch(/--store|--queue|--bundle-store|--s3-endpoint|AWS_|\.Values\.exportService\.(store|queue|bundleStore)\./);
      }
      expect(t['secret.yaml']).not.toContain('exportService');
    });

    it('runs `sheaf service` on 0.0.0.0, probed on /_svc/health (liveness) and /_svc/ready (readiness)', async () => {
      const { doc, container, text } = await deployment('export-api-deployment.yaml');
      expect(container.name).toBe('api');
      expect(container.command).toEqual(['node', 'bin/sheaf.js', 'service']);
      expect(container.args?.slice(0, 4)).toEqual(['--host', '0.0.0.0', '--port', 'x']);
      expect(text).toContain('            - --port\n            - {{ .Values.exportService.api.port | quote }}\n');
      expect(text).toContain('              containerPort: {{ .Values.exportService.api.port }}\n');
      for (const [flag, value] of [
        ['--sandbox', 'exportService.sandbox'],
        ['--max-attempts', 'exportService.maxAttempts'],
        ['--link-ttl', 'exportService.api.linkTtl'],
        ['--jobs-per-hour', 'exportService.api.jobsPerHour'],
      ] as const) {
        expect(argAfter(container.args, flag), flag).toBe('x');
        expect(text).toContain(`            - ${flag}\n            - {{ .Values.${value} | quote }}\n`);
      }
      expect(argAfter(container.args, '--data-dir')).toBe('/var/lib/sheaf');
      expect(container.ports).toEqual([{ name: 'http', containerPort: 'x', protocol: 'TCP' }]);
      expect(container.livenessProbe?.httpGet).toEqual({ path: '/_svc/health', port: 'http' });
      expect(container.readinessProbe?.httpGet).toEqual({ path: '/_svc/ready', port: 'http' });
      expect(text).toContain('  replicas: {{ .Values.exportService.api.replicas }}\n');
      expect(text).toContain('            {{- toYaml .Values.exportService.api.resources | nindent 12 }}');
      // The docs sources, read-only, where `sites add --source` names them.
      expect(text).toContain('            - name: sources\n              mountPath: {{ .Values.exportService.sources.mountPath }}\n              readOnly: true');
      expect(text).toContain('          persistentVolumeClaim:\n            claimName: {{ . }}\n            readOnly: true');
      expect(doc.spec.template.spec.volumes.find((v) => v.name === 'data')).toEqual({ name: 'data', emptyDir: {} });
    });

    it('runs `sheaf worker` with its concurrency and limits, on no port', async () => {
      const { container, text } = await deployment('export-worker-deployment.yaml');
      expect(container.name).toBe('worker');
      expect(container.command).toEqual(['node', 'bin/sheaf.js', 'worker']);
      for (const [flag, value] of [
        ['--concurrency', 'exportService.worker.concurrency'],
        ['--job-timeout', 'exportService.worker.jobTimeout'],
        ['--job-memory', 'exportService.worker.jobMemory'],
        ['--stall-interval', 'exportService.worker.stallInterval'],
        ['--max-attempts', 'exportService.maxAttempts'],
        ['--sandbox', 'exportService.sandbox'],
      ] as const) {
        expect(argAfter(container.args, flag), flag).toBe('x');
        expect(text).toContain(`            - ${flag}\n            - {{ .Values.${value} | quote }}\n`);
      }
      expect(argAfter(container.args, '--data-dir')).toBe('/var/lib/sheaf');
      expect(container.ports).toBeUndefined();
      expect(container.livenessProbe ?? container.readinessProbe ?? container.startupProbe).toBeUndefined();
      expect(text).toContain('  replicas: {{ .Values.exportService.worker.replicas }}\n');
      expect(text).toContain('            {{- toYaml .Values.exportService.worker.resources | nindent 12 }}');
      expect(text).not.toContain('.Values.exportService.sources');
    });

    it('runs both with the host’s security contexts, a read-only root and emptyDirs for --data-dir and /tmp', async () => {
      for (const name of ['export-api-deployment.yaml', 'export-worker-deployment.yaml']) {
        const { doc, container, text } = await deployment(name);
        expect(text, name).toContain('      securityContext:\n        {{- toYaml .Values.podSecurityContext | nindent 8 }}');
        expect(text, name).toContain('          securityContext:\n            {{- toYaml .Values.securityContext | nindent 12 }}');
        expect(text, name).toContain('image: "{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}"');
        expect(container.volumeMounts.slice(0, 2)).toEqual([
          { name: 'data', mountPath: '/var/lib/sheaf' },
          { name: 'tmp', mountPath: '/tmp' },
        ]);
        expect(doc.spec.template.spec.volumes.slice(0, 2)).toEqual([
          { name: 'data', emptyDir: {} },
          { name: 'tmp', emptyDir: {} },
        ]);
      }
      const v = await values();
      expect(v['securityContext']).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
    });

    it('selects its pods by a name and component of their own, apart from the host’s pods', async () => {
      const t = await templates();
      const helpers = t['_helpers.tpl'] as string;
      expect(helperBody(helpers, 'sheaf.exportService.selectorLabels')).toBe(
        [
          'app.kubernetes.io/name: {{ printf "%s-export" (include "sheaf.name" .root) | trunc 63 | trimSuffix "-" }}',
          'app.kubernetes.io/instance: {{ .root.Release.Name }}',
          'app.kubernetes.io/component: {{ .component }}',
        ].join('\n'),
      );
      expect(t['export-api-deployment.yaml']).toContain('{{- $part := dict "root" . "component" "api" }}');
      expect(t['export-worker-deployment.yaml']).toContain('{{- $part := dict "root" . "component" "worker" }}');
      const service = t['export-api-service.yaml'] as string;
      expect(service).toContain('{{- $part := dict "root" . "component" "api" }}');
      expect(service).toContain('  selector:\n    {{- include "sheaf.exportService.selectorLabels" $part | nindent 4 }}');
      expect(service).toContain('  type: {{ .Values.exportService.api.service.type }}\n  ports:\n    - port: {{ .Values.exportService.api.service.port }}\n      targetPort: http');
      for (const name of ['export-api-deployment.yaml', 'export-worker-deployment.yaml']) {
        expect(t[name], name).toContain('    matchLabels:\n      {{- include "sheaf.exportService.selectorLabels" $part | nindent 6 }}');
        expect(t[name], name).toContain('      labels:\n        {{- include "sheaf.exportService.selectorLabels" $part | nindent 8 }}');
      }
    });
  });
});

describe('Dockerfile', () => {
  it('builds on node:20-bookworm-slim with npm ci and runs `sheaf host` as a non-root user', async () => {
    const text = await readFile('Dockerfile', 'utf8');
    expect(text.match(/^FROM .*/gm)).toEqual(['FROM node:20-bookworm-slim AS build', 'FROM node:20-bookworm-slim']);
    expect(text).toContain('RUN npm ci --no-audit --no-fund \\\n && npm run build \\\n && npm prune --omit=dev');
    expect(text).toMatch(/^USER 1000:1000$/m);
    expect(text).toMatch(/^ENTRYPOINT \["node", "bin\/sheaf\.js", "host"\]$/m);
    expect(text).toMatch(/^EXPOSE 8080$/m);
    expect(text).toMatch(/^HEALTHCHECK .*\n\s+CMD .*\/_svc\/health/m);
    const ignored = (await readFile('.dockerignore', 'utf8')).split('\n');
    for (const entry of ['node_modules', 'dist', '.git', 'test', '.sheaf-host']) expect(ignored).toContain(entry);
    // Everything the build copies is kept in the context.
    for (const copied of [...text.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) => (m[1] as string).split(' '))) expect(ignored).not.toContain(copied);
  });
});
