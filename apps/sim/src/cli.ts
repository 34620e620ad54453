import { parseArgs } from 'node:util';
import { runFleet, type FleetMember } from './fleet.js';

const USAGE = `Usage: npm run sim -- --url ws://127.0.0.1:8080/ocpp --count N [options]
       npm run sim -- gates --help   (simulated parking-gate controllers over MQTT)

Runs N simulated OCPP 1.6J charge points against a central system until Ctrl-C.

  --url URL          central system base URL (the charge point id is appended)
  --count N          how many charge points (1..20000, default 1)
  --prefix P         ids P00001… (default SIM-); register them first with
                     npm run chargers -- add --id SIM-00001 --key <key>
  --key K            AuthorizationKey of every simulator (16–20 bytes)
  --ids-from-db      take the first N charge points (and their connectors) from the
                     database that DATABASE_URL or DATA_DIR names; without --key each uses
                     its sandbox key (sandbox-seeded charge points)
  --connectors C     connectors per charge point without --ids-from-db (default 2)
  --power KW         connector power without --ids-from-db (default 22)
  --meter-interval S seconds between MeterValues (default 60)
  --heartbeat S      heartbeat interval override (default: the server's)
  --verbose          log connections
`;

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: process.argv.slice(2),
      options: {
        url: { type: 'string' },
        count: { type: 'string', default: '1' },
        prefix: { type: 'string', default: 'SIM-' },
        key: { type: 'string' },
        'ids-from-db': { type: 'boolean', default: false },
        connectors: { type: 'string', default: '2' },
        power: { type: 'string', default: '22' },
        'meter-interval': { type: 'string', default: '60' },
        heartbeat: { type: 'string' },
        verbose: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    }).values;
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const count = Number(args.count);
  const connectors = Number(args.connectors);
  const power = Number(args.power);
  const meterIntervalSec = Number(args['meter-interval']);
  const heartbeatSec = args.heartbeat ? Number(args.heartbeat) : undefined;
  const problems: string[] = [];
  if (!args.url || !/^wss?:\/\//.test(args.url))
    problems.push('--url must be a ws:// or wss:// URL');
  if (!Number.isInteger(count) || count < 1 || count > 20_000)
    problems.push('--count must be 1..20000');
  if (!Number.isInteger(connectors) || connectors < 1 || connectors > 10)
    problems.push('--connectors must be 1..10');
  if (!(power > 0)) problems.push('--power must be a positive number');
  if (!(meterIntervalSec > 0)) problems.push('--meter-interval must be positive');
  if (heartbeatSec !== undefined && !(heartbeatSec > 0))
    problems.push('--heartbeat must be positive');
  if (
    args.key !== undefined &&
    (Buffer.byteLength(args.key) < 16 || Buffer.byteLength(args.key) > 20)
  ) {
    problems.push('--key must be 16 to 20 bytes');
  }
  if (problems.length > 0) {
    console.error(`${problems.join('\n')}\n\n${USAGE}`);
    return 2;
  }
  const log = args.verbose ? (m: string) => console.log(m) : undefined;
  let members: FleetMember[];
  if (args['ids-from-db']) {
    const { loadChargePointsForSim } = await import('./from-db.js');
    members = await loadChargePointsForSim(count, args.key);
    if (members.length === 0) {
      console.error('No charge points in the database.');
      return 1;
    }
  } else {
    members = Array.from({ length: count }, (_, i) => ({
      id: `${args.prefix}${String(i + 1).padStart(5, '0')}`,
      key: args.key,
      connectors: Array.from({ length: connectors }, () => ({ powerKw: power })),
    }));
  }
  for (const m of members) {
    m.meterIntervalSec = meterIntervalSec;
    if (heartbeatSec) m.heartbeatSec = heartbeatSec;
    m.log = log;
    m.backoff = { initialDelay: 1000, maxDelay: 30_000 };
  }
  const fleet = await runFleet(args.url!, members, {
    concurrency: 32,
    log: (m) => console.error(m),
  });
  console.log(
    `${fleet.members.size} of ${members.length} charge points connected to ${args.url}. Ctrl-C stops.`,
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await fleet.stop();
  return 0;
}

const run =
  process.argv[2] === 'gates'
    ? import('./gates-cli.js').then((m) => m.runGatesSim(process.argv.slice(3)))
    : main();
run.then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
