import { loadConfig, type Config } from '../../config.js';
import {
  cliFailureCode,
  helpExitCode,
  readOptions,
  runWhenMain,
  stringOption,
  UsageError,
} from '../../core/operator-cli.js';
import type { Database } from '../../db/client.js';
import { roamingPartnerRoles, type RoamingPartnerRole } from '../../db/schema/index.js';
import { RoamingError } from './errors.js';
import { ocpiVersionsUrl } from './handshake.js';
import { addPartner, listPartners, type PartnerView } from './partners.js';
import { registerWithPartner, removePartner, updateWithPartner } from './register.js';

export const USAGE = `Usage: npm run roaming -- <command> [options]

Manages OCPI 2.2.1 roaming partners in the database that DATABASE_URL names, or the embedded
one under DATA_DIR/db. With PostgreSQL the server may keep running (and must, for register and
update: the partner reads our versions during the handshake). Our party is ROAMING_COUNTRY_CODE /
ROAMING_PARTY_ID, our base address PUBLIC_URL/ocpi/versions.

Commands:
  add-partner --country CC --party PTY --role EMSP|CPO --name NAME
        a partner that will register with us: prints its Token A alone on the last line (give
        it, with our versions address, to the partner; it works until the partner registers)
  register --versions-url URL --token TOKEN_A --country CC --party PTY --role CPO|EMSP --name NAME
        we register with a partner, using the Token A and versions address it gave us
  update --country CC --party PTY
        new credentials with a registered partner (both tokens change)
  list [--json]
        the partners, their status and modules (never a token)
  remove --country CC --party PTY [--force]
        unregisters with the partner if registered, then here; --force removes it here even
        when the partner cannot be reached

Exit codes: 0 done, 1 failed (e.g. the partner refused or is down), 2 bad usage.
`;

function required(name: string, v: string | undefined): string {
  if (v === undefined || v.trim() === '') throw new UsageError(`--${name} is required`);
  return v.trim();
}

function role(v: string | undefined): RoamingPartnerRole {
  const r = required('role', v).toUpperCase();
  if (!(roamingPartnerRoles as readonly string[]).includes(r))
    throw new UsageError('--role must be EMSP or CPO');
  return r as RoamingPartnerRole;
}

export async function runRoamingCli(
  argv: string[],
  open: () => Promise<Database>,
  out: (s: string) => void = (s) => console.log(s),
  err: (s: string) => void = (s) => console.error(s),
  config: () => Config = () => loadConfig(),
  fetchImpl?: typeof fetch,
): Promise<number> {
  const [command, ...rest] = argv;
  const help = helpExitCode(command, USAGE, out);
  if (help !== null) return help;
  const values = readOptions(
    rest,
    {
      country: { type: 'string' },
      party: { type: 'string' },
      role: { type: 'string' },
      name: { type: 'string' },
      'versions-url': { type: 'string' },
      token: { type: 'string' },
      json: { type: 'boolean' },
      force: { type: 'boolean' },
    },
    USAGE,
    err,
  );
  if (!values) return 2;
  const str = (k: string) => stringOption(values, k);
  const party = () => ({
    countryCode: required('country', str('country')),
    partyId: required('party', str('party')),
  });
  let database: Database | undefined;
  try {
    switch (command) {
      case 'add-partner': {
        const input = { ...party(), role: role(str('role')), name: required('name', str('name')) };
        const cfg = config();
        database = await open();
        const r = await addPartner(database.db, input);
        const p = r.partner;
        out(
          `${r.renewed ? 'New Token A for' : 'Added'} ${p.countryCode}/${p.partyId} (${p.name}, ${p.role}), waiting for it to register.`,
        );
        out(`Our versions address: ${ocpiVersionsUrl(cfg)}`);
        out('Its Token A (give it to the partner securely; it is not shown again):');
        out(r.tokenA);
        return 0;
      }
      case 'register': {
        const input = {
          versionsUrl: required('versions-url', str('versions-url')),
          tokenA: required('token', str('token')),
          ...party(),
          role: role(str('role')),
          name: required('name', str('name')),
        };
        const cfg = config();
        database = await open();
        const p = await registerWithPartner(
          { db: database.db, config: cfg, fetch: fetchImpl },
          input,
        );
        out(
          `Registered with ${p.countryCode}/${p.partyId} (${p.name}, ${p.role}), OCPI ${p.version}.`,
        );
        out(`Its modules: ${p.modules.join(', ')}`);
        return 0;
      }
      case 'update': {
        const input = party();
        const cfg = config();
        database = await open();
        const p = await updateWithPartner(
          { db: database.db, config: cfg, fetch: fetchImpl },
          input,
        );
        out(
          `Credentials with ${p.countryCode}/${p.partyId} updated; its modules: ${p.modules.join(', ')}`,
        );
        return 0;
      }
      case 'list': {
        database = await open();
        const list = await listPartners(database.db);
        if (values.json) {
          out(JSON.stringify(list, null, 2));
          return 0;
        }
        if (list.length === 0) out('No roaming partners.');
        for (const p of list) out(line(p));
        return 0;
      }
      case 'remove': {
        const input = party();
        const cfg = config();
        database = await open();
        const r = await removePartner({ db: database.db, config: cfg, fetch: fetchImpl }, input, {
          force: values.force === true,
        });
        if (r.warning) err(`Warning: the partner was not told (${r.warning}).`);
        out(
          `Removed ${r.partner.countryCode}/${r.partner.partyId}${r.told ? ' (unregistered with the partner)' : ''}.`,
        );
        return 0;
      }
      default:
        throw new UsageError(`unknown command ${command}`);
    }
  } catch (e) {
    return cliFailureCode(e, USAGE, [RoamingError], err);
  } finally {
    await database?.close();
  }
}

function line(p: PartnerView): string {
  const since = p.registeredAt ? `  since ${p.registeredAt.toISOString().slice(0, 10)}` : '';
  const mods = p.modules.length ? `  ${p.modules.join(' ')}` : '';
  return `${p.countryCode}/${p.partyId}  ${p.role}  ${p.status}  ${p.name}${since}${p.versionsUrl ? `  ${p.versionsUrl}` : ''}${mods}`;
}

runWhenMain(import.meta.url, runRoamingCli);
