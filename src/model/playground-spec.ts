/**
 * The playground spec: what an operation page embeds for the browser script
 * (src/client/playground reads `PlaygroundSpec` from `<script data-sheaf-playground-spec>`) and
 * render/operation/playground writes. Types only; serialisable, no schemas.
 */

/** How the script builds a body for one content type. */
export type BodyKind = 'json' | 'text' | 'form' | 'multipart' | 'binary';

/** How a parameter's field text becomes a value: as is, a list, or key=value pairs (src/parameter-style/field-text.ts). */
export type ValueShape = 'scalar' | 'array' | 'object';

export interface SpecServer {
  /** As written, with `{variables}`. */
  readonly url: string;
  /** Variable name → default value. */
  readonly variables: Readonly<Record<string, string>>;
}

export interface SpecParameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly required: boolean;
  /** OpenAPI `style`, defaulted by location (`simple` for path/header, `form` for query/cookie). */
  readonly style: string;
  /** OpenAPI `explode`, defaulted by style (`true` for `form`). */
  readonly explode: boolean;
  readonly shape: ValueShape;
  /** The media type of a parameter described by `content`: its field's text is sent as that type's text. */
  readonly mediaType?: string;
}

/** One scheme of a security alternative, as the script applies it. */
export type SpecSecurity =
  | { readonly key: string; readonly kind: 'apiKey'; readonly name: string; readonly in: 'header' | 'query' | 'cookie' }
  | { readonly key: string; readonly kind: 'bearer' }
  | { readonly key: string; readonly kind: 'basic' }
  /** Another HTTP scheme: `Authorization: <scheme> <value>`. */
  | { readonly key: string; readonly kind: 'http'; readonly scheme: string };

export interface SpecBodyContent {
  readonly mediaType: string;
  readonly kind: BodyKind;
}

/** What the browser script needs to send the operation; serialisable, no schemas. */
export interface PlaygroundSpec {
  /** Uppercase HTTP method. */
  readonly method: string;
  /** Path template with `{parameters}`. */
  readonly path: string;
  readonly servers: readonly SpecServer[];
  readonly parameters: readonly SpecParameter[];
  /**
   * The operation's security alternatives in document order (any one suffices), each the schemes
   * sent together; `[]` is an alternative with nothing to send (`{}`, or only mutual TLS). The
   * script applies the one chosen in select[data-pg-auth-select] (its value is an index here), else
   * the first. No alternatives: the operation needs no authentication.
   */
  readonly security: readonly (readonly SpecSecurity[])[];
  readonly body: { readonly required: boolean; readonly contents: readonly SpecBodyContent[] } | null;
  /** True: through `<base>/_svc/api/request`; false: `fetch` straight to the API. */
  readonly proxy: boolean;
  /** With `proxy` false: send the browser's cookies (`credentials: 'include'`). */
  readonly credentials: boolean;
}
