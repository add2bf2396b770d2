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
      const plain = text
        .split('\n')
        .filter((l) => !/^\s*\{\{.*\}\}\s*$/.test(l))
        .map((l) => l.replace(/\{\{.*?\}\}/g, 'x'))
        .join('\n');
      expect(() => yaml.load(plain), name).not.toThrow();
    }
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
