/** What resolve needs to know of one channel of an AsyncAPI document; serialisable, no schemas. */
export interface IndexedChannel {
  /** The channel's key under `channels` (AsyncAPI 3), or its address (2.x, where the key is the address). */
  readonly id: string;
  /** `title` (3.0); absent in 2.x documents, which have none. */
  readonly title?: string;
  readonly summary?: string;
  readonly description?: string;
  /** Names of its `tags` in document order (3.0); the first one decides the navigation group. */
  readonly tags: readonly string[];
  /** JSON pointer of the channel object inside the document, e.g. `/channels/chat`. */
  readonly pointer: string;
}

/** The channel index of one loaded AsyncAPI document. */
export interface AsyncApiIndex {
  /** Project-relative POSIX path of the file, or its URL. */
  readonly file: string;
  /** `asyncapi` version string as written (`3.0.0`, `2.6.0`). */
  readonly version: string;
  /** `info.title`, when the document has one. */
  readonly title?: string;
  /** Channels in document order. */
  readonly channels: readonly IndexedChannel[];
}

/** A loaded AsyncAPI document: its index plus the parsed document for rendering (internal `$ref`s kept). */
export interface LoadedAsyncApi {
  readonly index: AsyncApiIndex;
  readonly document: Readonly<Record<string, unknown>>;
}
