import type { CodeTable } from './types.js';

/** Export bundles and deployment profiles (`sheaf export`, `--deployment`, `--enable`/`--disable`). */
export const bundleCodes = {
  'bundle/unknown-feature': {
    severity: 'error',
    summary: 'A feature named in --enable or --disable is not one of search, assistant, analytics, playground.',
  },
  'bundle/feature-conflict': {
    severity: 'error',
    summary: 'The same feature is both enabled and disabled.',
  },
  'bundle/feature-unavailable': {
    severity: 'error',
    summary: 'The feature cannot be enabled in this deployment profile (the assistant and analytics need the network, so not air-gapped).',
  },
  'bundle/feature-fixed': {
    severity: 'warning',
    summary: 'The feature is always on in this deployment profile, so disabling it is ignored.',
  },
  'bundle/output-format': {
    severity: 'error',
    summary: 'The bundle path does not end in .tar.gz, .tgz or .zip, so Sheaf cannot tell which archive to write.',
  },
  'bundle/invalid-version': {
    severity: 'error',
    summary: 'The export version is not 1–64 letters, digits, dots, dashes or underscores starting with a letter or digit.',
  },
  'bundle/unknown-page': {
    severity: 'error',
    summary: 'A page path given to export (sheaf export --page, a job\'s `paths`) names no page of the site; nothing is written.',
  },
  'bundle/reserved-path': {
    severity: 'error',
    summary: 'The site has a file at a path the bundle keeps for itself (manifest.json at the root).',
  },
  'bundle/write-failed': {
    severity: 'error',
    summary: 'The archive could not be written (missing permission, full disk, a folder in the way).',
  },
  'bundle/analytics-off': {
    severity: 'info',
    summary: 'docs.json configures analytics integrations, but analytics are off in this build (air-gapped or --disable analytics), so no tag is rendered.',
  },
  'bundle/background-image-offline': {
    severity: 'info',
    summary: 'docs.json `background.image` names a remote URL, which an air-gapped bundle does not load; the pages are drawn without it (or with the other mode’s image when that one is a project file).',
  },
  'bundle/contextual-offline': {
    severity: 'info',
    summary: 'Contextual menu options that open or need another host (ChatGPT, Claude, Perplexity, Grok, Google AI Studio, Devin, Windsurf, `add-mcp` (npm), custom links to other sites) are left out of an air-gapped bundle.',
  },
  'bundle/font-offline': {
    severity: 'info',
    summary: 'A docs.json font is loaded from another host (Google Fonts for a family without `source`, or a remote `source`), which an air-gapped bundle makes no request to; its pages use the system font.',
  },
  'bundle/analytics-unsupported': {
    severity: 'info',
    summary: 'An integration of docs.json is not rendered by Sheaf (every integration Mintlify documents as a script tag is).',
  },
  'bundle/analytics-partial': {
    severity: 'info',
    summary: 'A setting of a rendered integration is not applied (a consent manager\'s purpose or category, `cookies.value` without `key`); the rest of the integration renders.',
  },
  'bundle/analytics-invalid': {
    severity: 'warning',
    summary: 'An analytics integration has an id or host Sheaf does not accept in a script tag, so it is left out.',
  },
  'bundle/assistant-incomplete': {
    severity: 'error',
    summary: 'Only one of the assistant endpoint (--assistant-url) and the assistant key (--assistant-key) was given; the Ask AI panel needs both.',
  },
  'bundle/assistant-invalid-url': {
    severity: 'error',
    summary: 'The assistant endpoint is not an http(s) URL without a user name or password.',
  },
  'bundle/assistant-admin-key': {
    severity: 'error',
    summary: 'The assistant key is an admin key (svc_…): a server-side secret that every page would publish. Use an assistant key (svc_dsc_…).',
  },
  'bundle/assistant-invalid-key': {
    severity: 'error',
    summary: 'The assistant key is not a Sheaf assistant key (svc_dsc_ followed by letters, digits, _ or -).',
  },
  'bundle/assistant-off': {
    severity: 'warning',
    summary: 'The assistant is configured but off in this build (air-gapped, or --disable assistant), so no page has the Ask AI panel.',
  },
  'bundle/assistant-v1-endpoint': {
    severity: 'info',
    summary: 'The assistant endpoint named is the deprecated v1 one; the Ask AI panel speaks v2 and sends to its v2 successor on the same service.',
  },
  'bundle/external-resource': {
    severity: 'warning',
    summary: 'An air-gapped page would load an image, video or frame from the network; the bundle leaves it out.',
  },
} as const satisfies CodeTable;
