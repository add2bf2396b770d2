/**
 * The native build of the SQLite driver is missing or was made for another Node.js: npm 12
 * skips install scripts that package.json does not allow, and a Node upgrade changes the ABI.
 * The message is one line that names the fix; the CLI prints it as it is. (Kept apart from
 * `open-database.ts` so the CLI can recognise it without loading the driver.)
 */
export class NativeDriverError extends Error {
  override readonly name = 'NativeDriverError';
}

export function nativeDriverMessage(version: string = process.version): string {
  return (
    `the SQLite driver (better-sqlite3) has no native build for Node.js ${version}, so the service store cannot be opened; ` +
    "in Sheaf's folder run `npm rebuild better-sqlite3`, or reinstall a global Sheaf with `npm install -g sheaf --allow-scripts=better-sqlite3,esbuild` (npm 12 runs no install script it was not allowed to)."
  );
}
