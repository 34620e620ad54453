import {
  cliFailureCode,
  helpExitCode,
  readOptions,
  runWhenMain,
  stringOption,
  UsageError,
} from '../../core/operator-cli.js';
import type { Database } from '../../db/client.js';
import {
  addGate,
  GateRegistryError,
  listGates,
  setGateEnabled,
  setGateKey,
  type GateDirection,
} from './registry.js';

export const USAGE = `Usage: npm run gates -- <command> [options]

Registers parking-gate controllers (gates/PROTOCOL.md, MQTT) in the database that DATABASE_URL
names, or the embedded one under DATA_DIR/db (stop the server first when it uses the embedded
database). A controller connects with client id gate-<id>, user name <id> and its key.

Commands:
  list [--lot <lotId>] [--json]
        every gate with its lot, direction, state and pending open request
  add --lot <lotId> --direction IN|OUT|BOTH [--name <name>] [--key <key>] [--controller <label>]
        adds a gate to a parking lot; without --key a key is generated and printed once
  set-key --gate <id> [--key <key>]
        sets the controller's key (16–40 printable ASCII characters, stored hashed);
        without --key one is generated and printed once
  disable --gate <id>
        refuses its controller at the broker; the gate never opens
  enable --gate <id>

Exit codes: 0 done, 1 failed (e.g. unknown gate), 2 bad usage.
`;

function positive(name: string, v: string | undefined): number {
  const n = Number(v);
  if (v === undefined || !Number.isInteger(n) || n < 1 || n > 2_147_483_647)
    throw new UsageError(`--${name} must be a positive whole number`);
  return n;
}

export async function runGatesCli(
  argv: string[],
  open: () => Promise<Database>,
  out: (s: string) => void = (s) => console.log(s),
  err: (s: string) => void = (s) => console.error(s),
): Promise<number> {
  const [command, ...rest] = argv;
  const help = helpExitCode(command, USAGE, out);
  if (help !== null) return help;
  const values = readOptions(
    rest,
    {
      gate: { type: 'string' },
      lot: { type: 'string' },
      direction: { type: 'string' },
      name: { type: 'string' },
      key: { type: 'string' },
      controller: { type: 'string' },
      json: { type: 'boolean' },
    },
    USAGE,
    err,
  );
  if (!values) return 2;
  const str = (k: string) => stringOption(values, k);
  let database: Database | undefined;
  try {
    switch (command) {
      case 'list': {
        const lot = str('lot') === undefined ? undefined : positive('lot', str('lot'));
        database = await open();
        const list = await listGates(database.db, lot);
        if (values.json) {
          out(JSON.stringify(list, null, 2));
          return 0;
        }
        if (list.length === 0) out('No gates.');
        for (const g of list) {
          const flags = [
            g.enabled ? null : 'DISABLED',
            g.hasKey ? null : 'NO KEY',
            g.online ? 'online' : 'offline',
            g.sensor === 'fault' ? 'SENSOR FAULT' : null,
            g.carPresent ? `car present${g.plate ? ` (${g.plate})` : ''}` : null,
            g.pendingRequestId ? `open pending ${g.pendingRequestId}` : null,
          ]
            .filter(Boolean)
            .join(', ');
          const seen = g.lastSeenAt ? g.lastSeenAt.toISOString() : 'never';
          out(
            `${g.id}  lot ${g.lotId}  ${g.direction}  ${g.name}  [${g.controllerId}]  last seen ${seen}  ${flags}`,
          );
        }
        return 0;
      }
      case 'add': {
        const lotId = positive('lot', str('lot'));
        const direction = str('direction')?.toUpperCase();
        if (direction !== 'IN' && direction !== 'OUT' && direction !== 'BOTH')
          throw new UsageError('--direction must be IN, OUT or BOTH');
        const given = str('key');
        database = await open();
        const r = await addGate(database.db, {
          lotId,
          direction: direction as GateDirection,
          name: str('name'),
          key: given,
          controllerId: str('controller'),
        });
        out(`Added gate ${r.id} (${direction}) to parking lot ${lotId}.`);
        if (!given) out(`Its key (shown once): ${r.key}`);
        out(`Its controller connects with client id gate-${r.id}, user name ${r.id} and the key.`);
        return 0;
      }
      case 'set-key': {
        const id = positive('gate', str('gate'));
        const given = str('key');
        database = await open();
        const key = await setGateKey(database.db, id, given);
        out(given ? `Key of gate ${id} changed.` : `New key of gate ${id} (shown once): ${key}`);
        return 0;
      }
      case 'disable':
      case 'enable': {
        const id = positive('gate', str('gate'));
        database = await open();
        await setGateEnabled(database.db, id, command === 'enable');
        out(`Gate ${id} ${command}d.`);
        return 0;
      }
      default:
        throw new UsageError(`unknown command ${command}`);
    }
  } catch (e) {
    return cliFailureCode(e, USAGE, [GateRegistryError], err);
  } finally {
    await database?.close();
  }
}

runWhenMain(import.meta.url, runGatesCli);
