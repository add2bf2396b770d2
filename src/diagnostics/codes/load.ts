import type { CodeTable } from './types.js';

export const loadCodes = {
  'load/frontmatter-invalid': {
    severity: 'error',
    summary: "A page's frontmatter is not valid YAML; the page is built without its metadata.",
  },
  'load/duplicate-page': {
    severity: 'error',
    summary: 'Two files (`x.mdx` and `x.md`) give the same page path; the `.mdx` one is used.',
  },
  'load/skill-frontmatter': {
    severity: 'warning',
    summary: "A skill file (`skill.md`, `.mintlify/skills/<folder>/SKILL.md`) has no valid YAML frontmatter with a `name` and a `description`; it is not listed in `/.well-known/skills/` (a root `skill.md` is still served at `/skill.md`).",
  },
  'load/skill-duplicate': {
    severity: 'warning',
    summary: 'Two skill files have the same name, or one place (the root, a skill folder) holds two whose file names differ only in case; the first (the root file, then folders by path) is published, the other is not.',
  },
  'load/link-outside-project': {
    severity: 'error',
    summary: 'A symbolic link in the project (or, in an export source, a hard link shared with a file outside) leads outside its folder (and any `--allow-outside` folder); what it points at is neither read nor copied.',
  },
  'load/not-a-regular-file': {
    severity: 'error',
    summary: 'A FIFO, socket or device file sits in the project; it is never opened (reading one could hang the build).',
  },
  'load/file-too-large': {
    severity: 'error',
    summary: 'A docs.json, OpenAPI document, page or snippet is larger than its byte cap (checked before reading); it is not read.',
  },
  'load/custom-language': {
    severity: 'warning',
    summary: 'A grammar named in `styling.codeblocks.languages.custom` cannot be used (missing, outside the project, not JSON, not a TextMate grammar, or a language named twice); code in that language is shown without colours.',
  },
  'load/last-updated-invalid': {
    severity: 'warning',
    summary: "A page's `lastUpdatedDate` frontmatter is no ISO 8601 date or timestamp; the page shows its last commit's date (or none) instead.",
  },
  'load/dates-unavailable': {
    severity: 'info',
    summary: 'Timestamps are on (`metadata.timestamp` or a page\'s `timestamp`), but the build has no git history to read (no work tree, a repository git refuses as owned by another user, no git, an export job); pages without `lastUpdatedDate` show no date.',
  },
  'load/dates-shallow': {
    severity: 'info',
    summary: 'Timestamps are read from a shallow git clone: pages last changed before its oldest commit show that commit\'s date.',
  },
  'load/project-too-large': {
    severity: 'error',
    summary: 'The project folder holds more files, folders and links than Sheaf looks at (200,000), or an export source more files (100,000) or bytes (2 GB) than an export copies; the listing stops there.',
  },
} as const satisfies CodeTable;
