import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { Option, type Command } from 'commander';
import type { ApiKeyKind, Plan, ServiceSite } from '../model/service.js';
import { collectList } from './feature-flags.js';
import { openStore, type ServiceStore, type StoreProblem } from '../server/store/open-store.js';
import { parseStoreLocation } from '../server/store/store-location.js';
import type { CliIO } from './io.js';

/** Where `sheaf service` and the admin commands keep their data unless told otherwise. */
export const DEFAULT_DATA_DIR = './.sheaf-service';

const dataDirOption = () => new Option('--data-dir <dir>', 'folder of the service data (sheaf.db, bundles)').default(DEFAULT_DATA_DIR);
/** `--store`: the service's database, when it is not the data folder's SQLite file. */
export const storeOption = () => new Option('--store <url>', 'the store: postgres://USER:PASSWORD@HOST/DB, or a SQLite file (default: sheaf.db in the data folder)').env('SHEAF_STORE_URL');

interface StoreFlags {
  readonly dataDir: string;
  readonly store?: string;
}

/** Runs `body` on the store the flags name; store problems become a plain message and exit code 1. */
async function withStore(flags: StoreFlags, io: CliIO, body: (store: ServiceStore) => Promise<number | StoreProblem>): Promise<number> {
  let store: ServiceStore;
  try {
    store = await openStore(parseStoreLocation(flags.store, flags.dataDir));
  } catch (error) {
    if ((error as Error).name !== 'StoreUnavailableError') throw error;
    io.stderr(`sheaf: ${(error as Error).message}\n`);
    return 1;
  }
  try {
    const result = await body(store);
    if (typeof result === 'number') return result;
    io.stderr(`sheaf: ${result.message}\n`);
    return 1;
  } finally {
    await store.close();
  }
}

/** What the operator is told with a site's new public key (printed alone on stdout). */
function assistantKeyNote(keyId: string, site: ServiceSite | undefined): string {
  const origins = site?.assistant?.origins.join(', ') ?? '';
  return (
    `Created the public assistant key ${keyId} of ${site?.domain ?? ''}, for pages on ${origins}. It is public: exports of the site put it into their Ask AI panel, ` +
    'pointing at this service (--public-url). Air-gapped exports never get the panel.\n'
  );
}

/**
 * `sheaf orgs create|list`, `sheaf sites add|list|set-assistant-key`, `sheaf keys create|list`: the operator's
 * commands over the service's store. A key is printed once, alone on stdout; the store keeps only
 * its SHA-256.
 */
export function registerAdminCommands(program: Command, io: CliIO, done: (code: number) => void): void {
  const orgs = program.command('orgs').description('Organizations of the export service (sheaf service).');
  orgs
    .command('create')
    .description('Create an organization.')
    .argument('<id>', 'organization id: lowercase letters, digits and dashes')
    .requiredOption('--name <name>', 'display name')
    .addOption(new Option('--plan <plan>', 'plan; static export requires enterprise').choices(['free', 'pro', 'enterprise']).makeOptionMandatory())
    .addOption(dataDirOption())
    .addOption(storeOption())
    .action(async (id: string, flags: { name: string; plan: Plan; dataDir: string; store?: string }) => {
      done(
        await withStore(flags, io, async (store) => {
          const r = await store.createOrganization({ id, name: flags.name, plan: flags.plan });
          if (!r.ok) return r;
          io.stdout(`Created organization ${id} (${flags.name}) on the ${flags.plan} plan.\n`);
          return 0;
        }),
      );
    });
  orgs
    .command('list')
    .description('List organizations.')
    .addOption(dataDirOption())
    .addOption(storeOption())
    .action(async (flags: { dataDir: string; store?: string }) => {
      done(
        await withStore(flags, io, async (store) => {
          for (const o of await store.listOrganizations()) io.stdout(`${o.id}\t${o.plan}\t${o.name}\n`);
          return 0;
        }),
      );
    });

  const sites = program.command('sites').description('Sites of the export service: domain -> docs source folder.');
  sites
    .command('add')
    .description('Register a docs project folder (or git checkout) under a domain.')
    .argument('<domain>', 'domain identifier clients pass (acme, docs.acme.com)')
    .requiredOption('--org <org>', 'owning organization')
    .requiredOption('--source <dir>', 'docs project folder holding docs.json or mint.json')
    .option('--assistant', 'give the site a public assistant key: its exports get an Ask AI panel that asks this service')
    .option('--origin <origin>', 'with --assistant: an origin whose pages may use the key (repeatable; default https://<domain>)', collectList)
    .addOption(dataDirOption())
    .addOption(storeOption())
    .action(async (domain: string, flags: { org: string; source: string; assistant?: boolean; origin?: string[]; dataDir: string; store?: string }) => {
      const source = path.resolve(flags.source);
      if (!existsSync(source) || !statSync(source).isDirectory()) {
        io.stderr(`sheaf: Source \`${flags.source}\` is not a folder.\n`);
        return done(1);
      }
      if (!existsSync(path.join(source, 'docs.json')) && !existsSync(path.join(source, 'mint.json'))) {
        io.stderr(`sheaf: Source \`${flags.source}\` holds no docs.json or mint.json.\n`);
        return done(1);
      }
      done(
        await withStore(flags, io, async (store) => {
          if (!flags.assistant && flags.origin) return { ok: false, code: 'store/invalid-origin', message: '--origin goes with --assistant: it names where the site’s public assistant key may be used.' };
          const r = await store.addSite({ domain, orgId: flags.org, source });
          if (!r.ok) return r;
          if (!flags.assistant) {
            io.stdout(`Added site ${domain} for ${flags.org}: ${source}\n`);
            return 0;
          }
          const key = await store.setSiteAssistantKey(domain, flags.origin ?? []);
          if (!key.ok) {
            io.stderr(`Added site ${domain} for ${flags.org}: ${source}, without an assistant key.\n`);
            return key;
          }
          io.stdout(`${key.key}\n`);
          io.stderr(`Added site ${domain} for ${flags.org}: ${source}\n${assistantKeyNote(key.record.id, await store.getSite(domain))}`);
          return 0;
        }),
      );
    });
  sites
    .command('set-assistant-key')
    .description('Give a site a new public assistant key for the Ask AI panel of its exports (the previous one is revoked).')
    .argument('<domain>', 'the site')
    .option('--origin <origin>', 'an origin whose pages may use the key (repeatable; default https://<domain>)', collectList)
    .addOption(dataDirOption())
    .addOption(storeOption())
    .action(async (domain: string, flags: { origin?: string[]; dataDir: string; store?: string }) => {
      done(
        await withStore(flags, io, async (store) => {
          const key = await store.setSiteAssistantKey(domain, flags.origin ?? []);
          if (!key.ok) return key;
          io.stdout(`${key.key}\n`);
          let note = assistantKeyNote(key.record.id, await store.getSite(domain));
          if (key.revokedKeyId !== undefined) {
            note += `The previous key ${key.revokedKeyId} is revoked: the Ask AI panel of exports made with it stops answering.\n`;
            note += key.staleJobs.length
              ? `Make these exports again (start a new job for ${domain}) and deploy them: ${key.staleJobs.join(', ')}.\n`
              : 'No completed export carries it.\n';
          }
          io.stderr(note);
          return 0;
        }),
      );
    });
  sites
    .command('list')
    .description('List sites.')
    .option('--org <org>', 'only this organization')
    .addOption(dataDirOption())
    .addOption(storeOption())
    .action(async (flags: { org?: string; dataDir: string; store?: string }) => {
      done(
        await withStore(flags, io, async (store) => {
          // The public key's id and origins when the site has one (never the key).
          for (const s of await store.listSites(flags.org)) io.stdout(`${s.domain}\t${s.orgId}\t${s.source}${s.assistant ? `\t${s.assistant.keyId}\t${s.assistant.origins.join(',')}` : ''}\n`);
          return 0;
        }),
      );
    });

  const keys = program.command('keys').description('API keys: admin (svc_…, static export) and assistant (svc_dsc_…).');
  keys
    .command('create')
    .description('Create an API key; it is printed once, on stdout, and stored only as a hash.')
    .requiredOption('--org <org>', 'organization')
    .addOption(new Option('--kind <kind>', 'admin for the static export API, assistant for the assistant').choices(['admin', 'assistant']).makeOptionMandatory())
    .addOption(dataDirOption())
    .addOption(storeOption())
    .action(async (flags: { org: string; kind: ApiKeyKind; dataDir: string; store?: string }) => {
      done(
        await withStore(flags, io, async (store) => {
          const r = await store.createApiKey(flags.org, flags.kind);
          if (!r.ok) return r;
          io.stdout(`${r.key}\n`);
          io.stderr(`Created ${flags.kind} key ${r.record.id} for ${flags.org}. Copy it now: it is not shown again.\n`);
          return 0;
        }),
      );
    });
  keys
    .command('list')
    .description('List the keys of an organization (ids and kinds, never the keys).')
    .requiredOption('--org <org>', 'organization')
    .addOption(dataDirOption())
    .addOption(storeOption())
    .action(async (flags: { org: string; dataDir: string; store?: string }) => {
      done(
        await withStore(flags, io, async (store) => {
          if (!(await store.getOrganization(flags.org))) return { ok: false, code: 'store/unknown-org', message: `Organization \`${flags.org}\` does not exist.` };
          for (const k of await store.listApiKeys(flags.org)) io.stdout(`${k.id}\t${k.kind}\t${k.createdAt}\n`);
          return 0;
        }),
      );
    });
}
