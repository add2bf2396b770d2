export type PageKind = 'mdx' | 'operation' | 'webhook' | 'channel';

/** The operation a page documents. */
export interface PageOperation {
  /** The OpenAPI document's file (project-relative) or URL. */
  readonly document: string;
  /** Uppercase HTTP method (`GET`, `QUERY`, an OpenAPI 3.2 additional method such as `LINK`), or `WEBHOOK` for a webhook page. */
  readonly method: string;
  /** Path key as written in the document (webhook name for webhooks). */
  readonly path: string;
  /** For webhooks: the HTTP method of the webhook's path item this page documents. */
  readonly webhookMethod?: string;
}

/** The AsyncAPI channel a page documents (generated from `asyncapi` in docs.json, or an MDX page's `asyncapi` frontmatter). */
export interface PageChannel {
  /** The AsyncAPI document's file (project-relative) or URL. */
  readonly document: string;
  /** The channel's id (its key under `channels`). */
  readonly channel: string;
}

/** One page of the site. The list of these is also the bundle manifest's page list. */
export interface SitePage {
  /** Route with a leading slash and no trailing slash; the home page is `/`. */
  readonly route: string;
  readonly kind: PageKind;
  /** Project-relative file the page comes from: the MDX file, or the OpenAPI or AsyncAPI document. */
  readonly source: string;
  readonly title: string;
  readonly sidebarTitle?: string;
  readonly description?: string;
  /** True when the page is reachable by URL but not shown in navigation. */
  readonly hidden: boolean;
  readonly deprecated?: boolean;
  readonly operation?: PageOperation;
  /** Set on channel pages (`kind: 'channel'`). */
  readonly channel?: PageChannel;
  /** Uppercase method of an MDX page describing an endpoint with `api:` frontmatter (a sidebar badge). */
  readonly apiMethod?: string;
  /** Enclosing version and language divisions, for search filters. */
  readonly version?: string;
  readonly language?: string;
  /** The page's `tag` (frontmatter; `x-mint.metadata` of an operation), Mintlify's badge label; a search filter. */
  readonly tag?: string;
}

export type NavDivision = 'tab' | 'anchor' | 'dropdown' | 'version' | 'language' | 'product' | 'menu-item';

export interface NavDivisionNode {
  readonly type: NavDivision;
  readonly title: string;
  readonly icon?: string;
  readonly href?: string;
  readonly hidden?: boolean;
  /** True for divisions that come from `navigation.global`. */
  readonly global?: boolean;
  readonly default?: boolean;
  readonly children: readonly NavNode[];
}

export interface NavGroupNode {
  readonly type: 'group';
  readonly title: string;
  readonly icon?: string;
  readonly hidden?: boolean;
  readonly expanded?: boolean;
  readonly tag?: string;
  /** Route of the group's `root` page. */
  readonly root?: string;
  /**
   * The listing of the group's pages its root page shows (docs.json `directory`, inherited
   * through the navigation, Mintlify's default `none`); set only on groups with a `root`.
   */
  readonly directory?: 'accordion' | 'card';
  /** True when the group was generated from an OpenAPI document (bulk, by tag). */
  readonly generated?: boolean;
  readonly children: readonly NavNode[];
}

export interface NavPageNode {
  readonly type: 'page';
  readonly route: string;
  readonly title: string;
  /** Uppercase method for operation pages (`WEBHOOK` for webhooks), shown as a badge. */
  readonly method?: string;
  readonly hidden?: boolean;
}

export type NavNode = NavDivisionNode | NavGroupNode | NavPageNode;

export interface NavRoot {
  readonly type: 'root';
  readonly children: readonly NavNode[];
}

/** The output of resolve: the navigation tree and every page with its route. */
export interface Site {
  readonly name: string;
  readonly navigation: NavRoot;
  /** Sorted by route. */
  readonly pages: readonly SitePage[];
}
