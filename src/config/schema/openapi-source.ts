import path from 'node:path';

/**
 * One OpenAPI source named by a navigation element or `api.openapi`, normalised once when the
 * configuration is validated (the `openapi` schema's output): later stages read these, never the
 * written forms.
 */
export interface OpenApiSource {
  /** Normalised project-relative POSIX path, or an http(s) URL. */
  readonly source: string;
  /** Output folder of generated pages, without a leading `/` or `./` or a trailing `/`; `api-reference` when unset. */
  readonly directory?: string;
}

/** `{source, directory?, overlays?}` as written in docs.json. */
export interface OpenApiSourceObject {
  source: string;
  directory?: string;
  overlays?: string[];
}

/** The three written forms of `openapi`: a path or URL, an array of paths/URLs/source objects, or one source object. */
export type OpenApiConfig = string | (string | OpenApiSourceObject)[] | OpenApiSourceObject;

const isUrl = (s: string): boolean => /^https?:\/\//i.test(s);

/** Drops a leading `/` or `./` from a file token or source path. */
export function normalizeFileToken(token: string): string {
  return token.replace(/^\.\//, '').replace(/^\/+/, '');
}

/** Normalises a source path the way Mintlify does: leading `/` and `./` dropped, `..` folded. */
export function normalizeSource(source: string): string {
  if (isUrl(source)) return source;
  return path.posix.normalize(normalizeFileToken(source)).replace(/^\.\/?$/, '');
}

/**
 * The sources of a validated `openapi` value, in order. A blank string names nothing and is left
 * out (the schema accepts it: Mintlify's does too); a string is trimmed; `overlays` are not read.
 */
export function toOpenApiSources(value: OpenApiConfig): OpenApiSource[] {
  const one = (v: string | OpenApiSourceObject): OpenApiSource[] => {
    if (typeof v === 'string') return v.trim() ? [{ source: normalizeSource(v.trim()) }] : [];
    return [
      {
        source: normalizeSource(v.source),
        ...(v.directory !== undefined ? { directory: normalizeFileToken(v.directory).replace(/\/$/, '') } : {}),
      },
    ];
  };
  return Array.isArray(value) ? value.flatMap(one) : one(value);
}
