/**
 * The command-line flag that turns on Node's permission model in the running Node, read from the
 * runtime itself rather than from a table of versions: Node 20 knows only
 * `--experimental-permission`, Node 22 both, Node 24 and later only `--permission` (and refuse the
 * old name with `bad option`). `undefined`: this Node has no permission model (older than 20, or a
 * build without it), so the export sandbox cannot be set up.
 */
export function permissionFlag(allowed: ReadonlySet<string> = process.allowedNodeEnvironmentFlags): '--permission' | '--experimental-permission' | undefined {
  if (allowed.has('--permission')) return '--permission';
  if (allowed.has('--experimental-permission')) return '--experimental-permission';
  return undefined;
}

/** Why an export cannot run on this Node, in plain words; `undefined` when it can. */
export function permissionModelProblem(allowed: ReadonlySet<string> = process.allowedNodeEnvironmentFlags): string | undefined {
  if (permissionFlag(allowed)) return undefined;
  return `Node.js ${process.version} has no permission model, which export jobs run under; run the service with Node.js 20.19, 22 or 24 or later.`;
}
