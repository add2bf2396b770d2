import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/** The Redocly CLI the bench compares with (`redocly build-docs`: one HTML page for a whole document). */
export const REDOCLY_VERSION = '2.77.0';
const DIR = path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache'), 'sheaf-bench', `redocly-${REDOCLY_VERSION}`);
const CLI = path.join(DIR, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');

/**
 * The path of Redocly's CLI script, installed from the npm registry into a cache folder on first
 * use (never into the repository); undefined, with a line saying why, when it cannot be installed.
 */
export function redoclyCli(): string | undefined {
  if (existsSync(CLI)) return CLI;
  try {
    mkdirSync(DIR, { recursive: true });
    execFileSync('npm', ['install', '--prefix', DIR, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `@redocly/cli@${REDOCLY_VERSION}`], { stdio: 'ignore' });
  } catch (error) {
    console.error(`Redocly not compared: npm could not install @redocly/cli@${REDOCLY_VERSION} (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
    return undefined;
  }
  return existsSync(CLI) ? CLI : undefined;
}

/** Environment for Redocly's runs: no telemetry, no update check (no network). */
export const REDOCLY_ENV = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
