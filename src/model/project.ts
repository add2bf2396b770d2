/** Where a part of the merged configuration came from (after `$ref` includes). */
export interface ConfigOrigin {
  /** Project-relative POSIX path of the file holding that part. */
  readonly file: string;
  /** JSON pointer inside that file. */
  readonly pointer: string;
}

/**
 * Maps a JSON pointer in the merged configuration to its origin. Only boundaries are recorded:
 * to locate pointer P, take the longest key K that is a prefix of P (on a `/` boundary) and
 * append the rest of P to the origin's pointer. The key `""` (the root) is always present.
 */
export type ConfigOrigins = Readonly<Record<string, ConfigOrigin>>;

/** A frontmatter value with the 1-based position of its key in the page file. */
export interface FrontmatterPosition {
  readonly line: number;
  readonly column: number;
}

/** One MDX or Markdown page found in the project. */
export interface PageSource {
  /** Project-relative POSIX path, e.g. `guides/intro.mdx`. */
  readonly file: string;
  /** The file path without extension, e.g. `guides/intro`. Navigation entries name pages by it. */
  readonly path: string;
  readonly frontmatter: Readonly<Record<string, unknown>>;
  /** Position of each top-level frontmatter key. */
  readonly frontmatterPositions: Readonly<Record<string, FrontmatterPosition>>;
}

/**
 * What may be read for a project and how much (see `src/project-fs/read-project-file.ts`): plain data,
 * so it can cross to render worker threads.
 */
export interface ReadPolicy {
  /**
   * Absolute folders outside the project root that its symbolic links may lead into
   * (`--allow-outside`, for monorepos); always empty in the export service.
   */
  readonly allowOutside: readonly string[];
  /** Bytes of docs.json (or mint.json) and of each file it includes with `$ref`. */
  readonly maxConfigBytes: number;
  /** Bytes of one OpenAPI document or file it references, local or fetched. */
  readonly maxOpenApiBytes: number;
  /** Bytes of one page or snippet (MDX, Markdown, JSX) and of custom CSS/JS files. */
  readonly maxPageBytes: number;
}

/**
 * The skill files a project ships, as Mintlify publishes them (its `ai/skillmd` page): the root
 * `skill.md` at `/skill.md`, and every skill with a name and a description under
 * `/.well-known/skills/<name>/`, listed in `/.well-known/skills/index.json`.
 */
export interface ProjectSkills {
  /** Project-relative path of the root skill file (`skill.md`), served at `/skill.md`; absent when there is none. */
  readonly root?: string;
  /** The skills of the discovery index, in its order: the root file's first, then the folders' by path. */
  readonly listed: readonly PublishedSkill[];
}

/** One skill of `/.well-known/skills/index.json`. */
export interface PublishedSkill {
  /** The URL-safe name: its folder under `.well-known/skills/` (`skillSlug` of the frontmatter `name`). */
  readonly name: string;
  /** The frontmatter `description`, trimmed. */
  readonly description: string;
  /** Its files: `path` in its published folder (`SKILL.md` first, then the others by path), `source` the project file copied there. */
  readonly files: readonly { readonly path: string; readonly source: string }[];
}
