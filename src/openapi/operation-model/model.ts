/**
 * The operation model: everything an operation or webhook page shows, read from the bundled
 * document with `$ref`s of parameters, bodies, responses and security schemes followed. Schemas
 * stay raw (their `$ref`s kept) and are expanded lazily by the schema renderer, with cycle
 * detection: a model never holds a dereferenced schema graph.
 */

/** A raw OpenAPI/JSON Schema object as written in the document (may hold `$ref`). */
export type RawSchema = Readonly<Record<string, unknown>>;

export interface ServerModel {
  readonly url: string;
  readonly description?: string;
  readonly variables: Readonly<Record<string, { readonly default: string; readonly enum?: readonly string[]; readonly description?: string }>>;
}

export interface ExampleModel {
  /** Key in `examples`, or `'example'`. */
  readonly name: string;
  readonly summary?: string;
  readonly description?: string;
  readonly value?: unknown;
  readonly externalValue?: string;
}

export interface ParameterModel {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly description?: string;
  readonly required: boolean;
  readonly deprecated: boolean;
  readonly schema?: RawSchema;
  readonly style?: string;
  readonly explode?: boolean;
  readonly examples: readonly ExampleModel[];
  /** The media type of a parameter described by `content` (a `querystring` parameter always is). */
  readonly mediaType?: string;
}

/**
 * An OpenAPI 3.2 `in: querystring` parameter: the whole query string is this one value, described
 * by the media type of its `content` (`application/x-www-form-urlencoded`: the schema's properties
 * are the query's names; `application/json`: the query string is the JSON text, percent-encoded).
 */
export interface QuerystringModel {
  readonly name: string;
  readonly description?: string;
  readonly required: boolean;
  readonly deprecated: boolean;
  readonly mediaType: string;
  readonly schema?: RawSchema;
  readonly examples: readonly ExampleModel[];
}

export interface MediaModel {
  readonly mediaType: string;
  readonly schema?: RawSchema;
  /**
   * OpenAPI 3.2 `itemSchema`: the schema of each item of a sequential media type (each event of
   * `text/event-stream`, each line of `application/jsonl`, each record of `application/json-seq`).
   */
  readonly itemSchema?: RawSchema;
  readonly examples: readonly ExampleModel[];
  /** multipart/form encodings by property. */
  readonly encoding?: Readonly<Record<string, { readonly contentType?: string }>>;
}

export interface LinkModel {
  readonly name: string;
  readonly operationId?: string;
  readonly operationRef?: string;
  readonly parameters?: Readonly<Record<string, unknown>>;
  readonly requestBody?: unknown;
  readonly description?: string;
}

export interface ResponseModel {
  /** `200`, `4XX`, `default`… */
  readonly status: string;
  readonly description?: string;
  readonly headers: readonly ParameterModel[];
  readonly content: readonly MediaModel[];
  readonly links: readonly LinkModel[];
}

export interface SecuritySchemeModel {
  /** Key in `components.securitySchemes`. */
  readonly key: string;
  readonly type: 'apiKey' | 'http' | 'oauth2' | 'openIdConnect' | 'mutualTLS';
  readonly description?: string;
  /** apiKey */
  readonly name?: string;
  readonly in?: 'header' | 'query' | 'cookie';
  /** http: `basic`, `bearer`, … */
  readonly scheme?: string;
  readonly bearerFormat?: string;
  /** oauth2: flows by name (`authorizationCode`…, 3.2 `deviceAuthorization`) with URLs and scopes. */
  readonly flows?: Readonly<
    Record<
      string,
      {
        readonly authorizationUrl?: string;
        /** OpenAPI 3.2 `deviceAuthorization` flow. */
        readonly deviceAuthorizationUrl?: string;
        readonly tokenUrl?: string;
        readonly refreshUrl?: string;
        readonly scopes: Readonly<Record<string, string>>;
      }
    >
  >;
  /** oauth2 (OpenAPI 3.2): the authorization server's metadata URL (RFC 8414). */
  readonly oauth2MetadataUrl?: string;
  readonly openIdConnectUrl?: string;
  /** OpenAPI 3.2 `deprecated`: the scheme is on its way out. */
  readonly deprecated?: boolean;
  /** `x-default`: playground prefill. */
  readonly default?: string;
}

/** One way to authenticate: every scheme listed must be satisfied (scopes per scheme). */
export interface SecurityRequirementModel {
  readonly schemes: readonly { readonly scheme: SecuritySchemeModel; readonly scopes: readonly string[] }[];
}

/** An `externalDocs` object: `url` as written (a link only when absolute http(s)), `description` CommonMark. */
export interface ExternalDocsModel {
  readonly url: string;
  readonly description?: string;
}

export interface CodeSampleModel {
  /** Language as written (`curl`, `python`, `JavaScript`…). */
  readonly lang: string;
  readonly label?: string;
  readonly source: string;
}

export interface CallbackModel {
  readonly name: string;
  /** The runtime expression (`{$request.body#/callbackUrl}`). */
  readonly expression: string;
  readonly operations: readonly OperationModel[];
}

export interface OperationModel {
  readonly kind: 'operation' | 'webhook';
  /** Uppercase HTTP method. */
  readonly method: string;
  /** Path key, or webhook name. */
  readonly path: string;
  readonly operationId?: string;
  readonly summary?: string;
  /** CommonMark, as written (render it sanitized). */
  readonly description?: string;
  readonly deprecated: boolean;
  readonly tags: readonly string[];
  /** Operation servers, else path-item servers, else document servers. */
  readonly servers: readonly ServerModel[];
  /** Alternatives (any one suffices); empty means no auth. Operation security, else global. */
  readonly security: readonly SecurityRequirementModel[];
  /**
   * True when the `security` that applies is written as an empty list (`security: []`): the
   * operation states that it needs no authentication, and its page says so. Absent otherwise
   * (no `security` anywhere, or requirements that all name unknown schemes).
   */
  readonly securityNone?: boolean;
  /** The operation's `externalDocs`: a link to more documentation, with its description (CommonMark). */
  readonly externalDocs?: ExternalDocsModel;
  /** Path-item and operation parameters merged (operation wins by name+in). */
  readonly parameters: readonly ParameterModel[];
  /** OpenAPI 3.2: the `in: querystring` parameter (at most one; the operation's wins over the path item's). */
  readonly querystring?: QuerystringModel;
  readonly requestBody?: { readonly required: boolean; readonly description?: string; readonly content: readonly MediaModel[] };
  readonly responses: readonly ResponseModel[];
  readonly callbacks: readonly CallbackModel[];
  /** `x-codeSamples` / `x-code-samples`. */
  readonly codeSamples: readonly CodeSampleModel[];
  /** The JSON pointer of the operation in the document. */
  readonly pointer: string;
}
