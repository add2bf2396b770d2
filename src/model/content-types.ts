/** Content-Type by file extension (lowercase, with the dot); text types carry `charset=utf-8`. */
const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.mdx': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.yml': 'application/yaml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.eot': 'application/vnd.ms-fontobject',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.zip': 'application/zip',
  '.gz': 'application/gzip',
};

/** The type served for a site path; unknown extensions are `application/octet-stream` (with nosniff, never guessed). */
export function contentTypeOf(sitePath: string): string {
  const base = sitePath.slice(sitePath.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? TYPES[base.slice(dot).toLowerCase()] : undefined) ?? 'application/octet-stream';
}

/**
 * Assets whose name carries a content hash (`_sheaf/sheaf.4eb9ee964b.css`): the name changes when
 * the bytes do, so browsers may keep them for a year without asking again.
 */
export function isHashedAsset(sitePath: string): boolean {
  return sitePath.startsWith('_sheaf/') && /\.[0-9a-f]{8,64}\.[A-Za-z0-9]+$/.test(sitePath);
}
