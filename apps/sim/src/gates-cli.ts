import readline from 'node:readline';
import { parseArgs } from 'node:util';
import type { SimGateController } from './gate-controller.js';
import { runGateFleet, type GateFleetMember } from './gate-fleet.js';

export const GATES_USAGE = `Usage: npm run sim -- gates --url mqtt://127.0.0.1:1883 --gate ID --key KEY [options]

Runs simulated parking-gate controllers (gates/PROTOCOL.md) against an MQTT broker: the
server's embedded one (GATES_MQTT_PORT) or the one of GATES_MQTT_URL. You play the physical
world by typing commands.

  --url URL          broker address (mqtt:// or mqtts://)
  --gate ID          a gate id (repeatable; pair each with a --key)
  --key KEY          that gate's key (npm run gates -- set-key --gate ID)
  --from-db          every gate of the database that DATABASE_URL or DATA_DIR names, with
                     its sandbox key (sandbox-seeded gates)
  --pass-time S      seconds the barrier waits for the car (default 60)

Commands (the gate id may be left out when one gate runs):
  arrive [gate] [PLATE]   a car rolls onto the loop; the camera reads PLATE if given
  pass [gate]             the car drives through the open barrier (passed)
  leave [gate]            the car drives away without passing
  fault [gate] | ok [gate]        the sensor fails / is repaired
  silent [gate] | answer [gate]   stop / resume answering commands (an ack that never comes)
  status                  the state of every simulated gate
  quit
`;

async function membersFromDb(): Promise<GateFleetMember[]> {
  const { simGateFleetFromDatabase } =
    await import('@voltpark/server/src/modules/gates/sandbox.js');
  return simGateFleetFromDatabase();
}

export async function runGatesSim(argv: string[]): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: {
        url: { type: 'string' },
        gate: { type: 'string', multiple: true },
        key: { type: 'string', multiple: true },
        'from-db': { type: 'boolean', default: false },
        'pass-time': { type: 'string' },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    }).values;
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\n\n${GATES_USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(GATES_USAGE);
    return 0;
  }
  const problems: string[] = [];
  if (!args.url || !/^(mqtts?|wss?):\/\//.test(args.url))
    problems.push('--url must be an mqtt://, mqtts://, ws:// or wss:// URL');
  const gates = (args.gate ?? []).map(Number);
  const keys = args.key ?? [];
  if (gates.some((g) => !Number.isInteger(g) || g < 1)) problems.push('--gate must be a gate id');
  if (!args['from-db'] && (gates.length === 0 || gates.length !== keys.length))
    problems.push('give each --gate its --key (or use --from-db)');
  const passSec = args['pass-time'] === undefined ? undefined : Number(args['pass-time']);
  if (passSec !== undefined && !(passSec > 0)) problems.push('--pass-time must be positive');
  if (problems.length > 0) {
    console.error(`${problems.join('\n')}\n\n${GATES_USAGE}`);
    return 2;
  }
  const members: GateFleetMember[] = args['from-db']
    ? await membersFromDb()
    : gates.map((gateId, i) => ({ gateId, key: keys[i]! }));
  if (passSec !== undefined) for (const m of members) m.passTimeMs = passSec * 1000;
  if (members.length === 0) {
    console.error('No gates.');
    return 1;
  }
  const fleet = await runGateFleet(args.url!, members, { log: (m) => console.error(m) });
  if (fleet.controllers.size === 0) return 1;
  for (const c of fleet.controllers.values()) {
    c.on('ack', (a) =>
      console.log(
        `gate ${c.gateId}: command ${a.id} → ${a.result}${a.reason ? ` (${a.reason})` : ''}`,
      ),
    );
  }
  console.log(
    `${fleet.controllers.size} of ${members.length} gates connected to ${args.url}. Type a command (help), Ctrl-D stops.`,
  );
  const only = fleet.controllers.size === 1 ? [...fleet.controllers.values()][0]! : null;
  const rl = readline.createInterface({ input: process.stdin });
  const pick = (word: string | undefined): [SimGateController | undefined, boolean] => {
    const n = Number(word);
    if (word !== undefined && Number.isInteger(n) && fleet.controllers.has(n))
      return [fleet.controllers.get(n), true];
    return [only ?? undefined, false];
  };
  for await (const line of rl) {
    const [command, ...rest] = line.trim().split(/\s+/);
    if (!command) continue;
    if (command === 'quit' || command === 'exit') break;
    if (command === 'help') {
      console.log(GATES_USAGE);
      continue;
    }
    if (command === 'status') {
      for (const c of fleet.controllers.values()) console.log(JSON.stringify(c.state));
      continue;
    }
    const [gate, usedArg] = pick(rest[0]);
    const arg = usedArg ? rest[1] : rest[0];
    if (!gate) {
      console.log('Which gate? Give its id first.');
      continue;
    }
    try {
      switch (command) {
        case 'arrive':
          await gate.arrive(arg);
          break;
        case 'pass':
          if (!(await gate.driveThrough()))
            console.log('The barrier is closed (or no car is there).');
          break;
        case 'leave':
          await gate.leave();
          break;
        case 'fault':
        case 'ok':
          await gate.setSensor(command);
          break;
        case 'silent':
          gate.ackMode = 'silent';
          break;
        case 'answer':
          gate.ackMode = 'normal';
          break;
        default:
          console.log(`Unknown command ${command} (help lists them).`);
          continue;
      }
      console.log(JSON.stringify(gate.state));
    } catch (err) {
      console.log(err instanceof Error ? err.message : String(err));
    }
  }
  await fleet.stop();
  return 0;
}
