import type { LoadedConfig } from '../config/loaded-config.js';
import type { CustomLanguage } from '../model/custom-language.js';
import type { LoadedAsyncApi } from '../model/asyncapi.js';
import type { LoadedOpenApi } from '../model/openapi.js';
import type { PageSource, ProjectSkills, ReadPolicy } from '../model/project.js';

/** Everything the load stage read; the input of resolve. */
export interface Project {
  /** Absolute path of the project root. */
  readonly root: string;
  readonly config: LoadedConfig;
  /** Pages sorted by file. Snippets are not pages. */
  readonly pages: readonly PageSource[];
  /** Every file of the project, the pages' own among them (assets, snippets, specs), project-relative, sorted. */
  readonly files: readonly string[];
  /** OpenAPI documents that loaded, sorted by file. */
  readonly openapi: readonly LoadedOpenApi[];
  /**
   * Sources that were named (navigation, `api.openapi`) or discovered but did not load:
   * references to them must not be reported a second time as "not found".
   */
  readonly failedOpenapi: readonly string[];
  /** AsyncAPI documents that loaded, sorted by file (absent: none, as for a project built by hand in a test). */
  readonly asyncapi?: readonly LoadedAsyncApi[];
  /** AsyncAPI sources that were named or discovered but did not load (already reported). */
  readonly failedAsyncapi?: readonly string[];
  /** The grammars of docs.json `styling.codeblocks.languages.custom` that loaded (none when absent). */
  readonly codeLanguages?: readonly CustomLanguage[];
  /**
   * Last-modified dates (`YYYY-MM-DD`) by project-relative file, of the pages that show one and,
   * with docs.json `metadata.timestamp`, of the OpenAPI documents (see `loadPageDates`): absent
   * when no page shows a timestamp.
   */
  readonly pageDates?: Readonly<Record<string, string>>;
  /**
   * The skill files it ships (`loadSkills`): published as they are, never pages; absent, as for a
   * project built by hand in a test: none.
   */
  readonly skills?: ProjectSkills;
  /** What later stages may read for it (pages, snippets, custom CSS/JS); default `DEFAULT_READ_POLICY`. */
  readonly policy?: ReadPolicy;
}
