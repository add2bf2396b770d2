import { Command, Option } from 'commander';
import { docsConfigJsonSchema } from '../config/json-schema.js';
import { addBuildOptions, runBuild, type BuildFlags } from './build-command.js';
import { addReadOptions, runCheck, workerCount, type CheckFlags } from './check-command.js';
import { registerExportCommand } from './export-command.js';
import { registerAdminCommands } from './admin-commands.js';
import { registerServiceCommand } from './service-command.js';
import { registerWorkerCommand } from './worker-command.js';
import { registerStoreCommand } from './store-command.js';
import { registerHostCommand } from './host-command.js';
import { registerDevCommand } from './dev-command.js';
import { registerMcpCommand } from './mcp-command.js';
import type { CliIO } from './io.js';
import { SHEAF_VERSION } from '../version.js';

/** Builds the commander program; each action sets the exit code through `done`. */
export function createProgram(io: CliIO, done: (code: number) => void): Command {
  const program = new Command('sheaf')
    .description('Compile Mintlify-format documentation (docs.json, MDX, OpenAPI) into a static site.')
    .version(SHEAF_VERSION)
    .option('--debug', 'print the stack trace of an unexpected error (also SHEAF_DEBUG=1)')
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .exitOverride();

  addReadOptions(
    program
      .command('check')
      .description('Load and resolve a project and render every page as build does (writing no site): report what build reports about it (page errors, broken links, missing files), with file, line and a hint.')
      .argument('[dir]', 'project folder (holding docs.json or mint.json)', '.')
      .addOption(new Option('--format <format>', 'diagnostics format').choices(['text', 'json']).default('text'))
      .option('--strict', 'exit with 1 on warnings too', false)
      .option('--print-navigation', 'print the resolved navigation tree and page list as JSON (loads and resolves only: no page is rendered)', false)
      .option('--allow-network', 'fetch OpenAPI documents named by URL', false)
      .option('--no-cache', 'render every page again (ignore .sheaf/cache, which check shares with build)')
      .option('--workers <n>', 'worker threads rendering MDX (0 = none)', workerCount),
  ).action(async (dir: string, flags: CheckFlags) => {
    done(await runCheck(dir, flags, io));
  });

  addBuildOptions(
    program
      .command('build')
      .description('Build the static site: every page, search index, sitemap, llms.txt, 404 and redirects.')
      .argument('[dir]', 'project folder (holding docs.json or mint.json)', '.')
      .option('-o, --out <dir>', 'output folder (default: <dir>/_site)')
      .option('--precompress', 'also write brotli (.br) and gzip (.gz) copies of the text files, for hosts that serve precompressed files', false),
    'directory',
  ).action(async (dir: string, flags: BuildFlags) => {
    done(await runBuild(dir, flags, io));
  });

  registerDevCommand(program, io, done);
  registerServiceCommand(program, io, done);
  registerWorkerCommand(program, io, done);
  registerAdminCommands(program, io, done);
  registerStoreCommand(program, io, done);
  registerHostCommand(program, io, done);
  registerExportCommand(program, io, done);
  registerMcpCommand(program, io, done);

  program
    .command('schema')
    .description('Print the JSON Schema of docs.json (for editors).')
    .action(() => {
      io.stdout(JSON.stringify(docsConfigJsonSchema(), null, 2) + '\n');
      done(0);
    });

  return program;
}
