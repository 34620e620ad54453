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
  addChargePoint,
  listChargePoints,
  RegistryError,
  rotateChargePointKey,
  setChargePointDisabled,
} from './registry.js';

export const USAGE = `Usage: npm run chargers -- <command> [options]

Registers OCPP 1.6J charge points in the database that DATABASE_URL names, or the embedded
one under DATA_DIR/db (stop the server first when it uses the embedded database).

Commands:
  add --id <chargePointId> --key <key> [--location <id>] [--connectors 2] [--type AC|DC]
      [--power 22] [--outlet TYPE2|CCS|CHADEMO] [--tariff <id>] [--vendor V] [--model M]
        registers a charge point and its connectors (NEW_NOT_CONNECTED until it boots).
        The key is its OCPP AuthorizationKey (HTTP Basic password, 16–20 bytes), stored hashed.
        Without --location the charge point gets a hidden placeholder location.
  list [--json]
        every charge point with its connectors and statuses
  disable --id <chargePointId>
        refuses its connections and boots; its connectors show UNAVAILABLE
  enable --id <chargePointId>
  rotate-key --id <chargePointId> [--key <key>]
        sets a new key; without --key one is generated and printed once

Exit codes: 0 done, 1 failed (e.g. unknown charge point), 2 bad usage.
`;

function int(name: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`--${name} must be a positive whole number`);
  return n;
}

function oneOf<T extends string>(
  name: string,
  v: string | undefined,
  allowed: readonly T[],
): T | undefined {
  if (v === undefined) return undefined;
  const up = v.toUpperCase() as T;
  if (!allowed.includes(up)) throw new UsageError(`--${name} must be one of ${allowed.join(', ')}`);
  return up;
}

export async function runChargersCli(
  argv: string[],
  open: () => Promise<Database>,
  out: (s: string) => void = (s) => console.log(s),
): Promise<number> {
  const [command, ...rest] = argv;
  const help = helpExitCode(command, USAGE, out);
  if (help !== null) return help;
  const values = readOptions(
    rest,
    {
      id: { type: 'string' },
      key: { type: 'string' },
      location: { type: 'string' },
      connectors: { type: 'string' },
      type: { type: 'string' },
      power: { type: 'string' },
      outlet: { type: 'string' },
      tariff: { type: 'string' },
      vendor: { type: 'string' },
      model: { type: 'string' },
      json: { type: 'boolean' },
    },
    USAGE,
    (s) => console.error(s),
  );
  if (!values) return 2;
  const str = (k: string) => stringOption(values, k);
  const needId = () => {
    const id = str('id');
    if (!id) throw new UsageError('--id is required');
    return id;
  };
  let database: Database | undefined;
  try {
    switch (command) {
      case 'add': {
        const id = needId();
        const key = str('key');
        if (!key) throw new UsageError('--key is required (16–20 bytes)');
        const power = str('power');
        if (power !== undefined && !(Number(power) > 0))
          throw new UsageError('--power must be a positive number of kW');
        const input = {
          id,
          key,
          locationId: int('location', str('location')),
          connectors: int('connectors', str('connectors')),
          type: oneOf('type', str('type'), ['AC', 'DC'] as const),
          powerKw: power === undefined ? undefined : Number(power),
          outlet: oneOf('outlet', str('outlet'), ['TYPE2', 'CCS', 'CHADEMO'] as const),
          tariffId: int('tariff', str('tariff')),
          vendor: str('vendor'),
          model: str('model'),
        };
        database = await open();
        const r = await addChargePoint(database.db, input);
        out(
          `Added charge point ${r.id} with ${r.chargerIds.length} connector(s) (charger ids ${r.chargerIds.join(', ')}).`,
        );
        out(`It connects to ws(s)://<host>/ocpp/${r.id} with HTTP Basic user ${r.id} and its key.`);
        return 0;
      }
      case 'list': {
        database = await open();
        const list = await listChargePoints(database.db);
        if (values.json) {
          out(JSON.stringify(list, null, 2));
          return 0;
        }
        if (list.length === 0) out('No charge points.');
        for (const cp of list) {
          const flags = [cp.disabled ? 'DISABLED' : null, cp.hasKey ? null : 'NO KEY']
            .filter(Boolean)
            .join(' ');
          const seen = cp.lastHeartbeatAt ? cp.lastHeartbeatAt.toISOString() : 'never';
          out(`${cp.id}  location ${cp.locationId}  last seen ${seen}${flags ? `  ${flags}` : ''}`);
          for (const c of cp.connectors) {
            out(
              `  #${c.connectorId} ${c.status} ${c.outletType} ${c.powerKw} kW tariff ${c.tariffId ?? '-'}`,
            );
          }
        }
        return 0;
      }
      case 'disable':
      case 'enable': {
        const id = needId();
        database = await open();
        await setChargePointDisabled(database.db, id, command === 'disable');
        out(`Charge point ${id} ${command}d.`);
        return 0;
      }
      case 'rotate-key': {
        const id = needId();
        database = await open();
        const given = str('key');
        const key = await rotateChargePointKey(database.db, id, given);
        out(given ? `Key of ${id} changed.` : `New key of ${id} (shown once): ${key}`);
        return 0;
      }
      default:
        throw new UsageError(`unknown command ${command}`);
    }
  } catch (err) {
    return cliFailureCode(err, USAGE, [RegistryError]);
  } finally {
    await database?.close();
  }
}

runWhenMain(import.meta.url, runChargersCli);
