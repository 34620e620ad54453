import { parseArgs } from 'node:util';
import { cliFailureCode, runWhenMain, UsageError } from '../../core/operator-cli.js';
import type { Database } from '../../db/client.js';
import { addClient, ClientRegistryError, listClients, removeClient } from './clients.js';

export const USAGE = `Usage: npm run clients -- <command> [options]

Registers the client apps that may send drivers to /authorize (SPEC §2 Authorize), in the
database that DATABASE_URL names, or the embedded one under DATA_DIR/db (stop the server first
when it uses the embedded database).

Commands:
  add --name <name> --redirect <url> [--redirect <url> …] [--id <id>] [--no-consent]
        registers a client app; prints its client id. A redirect address is absolute https
        (http only for localhost); the authorize call redirects only to a registered one.
        --no-consent authorizes without the consent page (showAuthorizePage false).
  list [--json]
        every client app with its redirect addresses
  remove --id <id>
        removes a client app; the sessions it opened end

Exit codes: 0 done, 1 failed (e.g. unknown client), 2 bad usage.
`;

export async function runClientsCli(
  argv: string[],
  open: () => Promise<Database>,
  out: (s: string) => void = (s) => console.log(s),
): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    out(USAGE);
    return command ? 0 : 2;
  }
  let values: {
    name?: string;
    redirect?: string[];
    id?: string;
    'no-consent'?: boolean;
    json?: boolean;
  };
  try {
    values = parseArgs({
      args: rest,
      options: {
        name: { type: 'string' },
        redirect: { type: 'string', multiple: true },
        id: { type: 'string' },
        'no-consent': { type: 'boolean' },
        json: { type: 'boolean' },
      },
      strict: true,
    }).values;
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
    return 2;
  }
  let database: Database | undefined;
  try {
    switch (command) {
      case 'add': {
        if (!values.name) throw new UsageError('--name is required');
        if (!values.redirect?.length) throw new UsageError('--redirect is required');
        database = await open();
        const c = await addClient(database.db, {
          name: values.name,
          redirects: values.redirect,
          id: values.id,
          showAuthorizePage: !values['no-consent'],
        });
        out(`Added client app "${c.name}" with the client id ${c.id}.`);
        out(`Redirect addresses: ${c.redirectUris.join(' ')}`);
        out(`Drivers authorize it at /authorize?clientId=${c.id}&state=…&code_challenge=…`);
        return 0;
      }
      case 'list': {
        database = await open();
        const list = await listClients(database.db);
        if (values.json) {
          out(JSON.stringify(list, null, 2));
          return 0;
        }
        if (list.length === 0) out('No client apps.');
        for (const c of list) {
          out(`${c.id}  "${c.name}"${c.showAuthorizePage ? '' : '  NO CONSENT PAGE'}`);
          for (const r of c.redirectUris) out(`  ${r}`);
        }
        return 0;
      }
      case 'remove': {
        if (!values.id) throw new UsageError('--id is required');
        database = await open();
        const r = await removeClient(database.db, values.id);
        out(`Removed client app ${r.id}; ${r.sessionsEnded} session(s) it opened ended.`);
        return 0;
      }
      default:
        throw new UsageError(`unknown command ${command}`);
    }
  } catch (err) {
    return cliFailureCode(err, USAGE, [ClientRegistryError]);
  } finally {
    await database?.close();
  }
}

runWhenMain(import.meta.url, runClientsCli);
