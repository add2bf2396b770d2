/**
 * A custom language of code blocks: a TextMate grammar named by docs.json
 * `styling.codeblocks.languages.custom`, read and checked by the load stage, highlighted by the
 * render stage. Plain data, so it can cross to render worker threads.
 */
export interface CustomLanguage {
  /** Project-relative POSIX path of the grammar file. */
  readonly file: string;
  /** The language a code fence names (the grammar's `name`, lowercased). */
  readonly id: string;
  /** Other names a fence may use (the grammar's `aliases`, lowercased). */
  readonly aliases: readonly string[];
  /** The grammar as JSON text, its `name` set to `id`. */
  readonly grammar: string;
}
