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
  CameraCarError,
  cameraOffByOperator,
  cameraOnByOperator,
  listCameraCars,
} from './camera-cars.js';
import { openCliPayments, type CliPayments } from './cli-payments.js';
import { addLotAdmin, listLotAdmins, LotAdminError, removeLotAdmin } from './lot-admins.js';
import { addPermit, listPermits, PermitError, removePermit } from './permits.js';

export const USAGE = `Usage: npm run parking -- <admins|permits|camera> <command> [options]

Manages who administers a parking lot and which car plates hold a permit there, in the database
that DATABASE_URL names, or the embedded one under DATA_DIR/db (stop the server first when it
uses the embedded database; with PostgreSQL it may keep running).

Commands:
  admins list --lot <lotId> [--json]
        the lot's admins (they see the gate buttons and may open its gates)
  admins add --lot <lotId> --email <e-mail>
        makes the registered user with that e-mail an admin of the lot
  admins remove --lot <lotId> --email <e-mail>
  permits list --lot <lotId> [--json]
        the plates with a permit at the lot and their validity
  permits add --lot <lotId> --plate <plate> [--from YYYY-MM-DD] [--to YYYY-MM-DD]
        gives the plate a permit (both days included, Budapest time; without them it has no
        start or end); for a plate that has one, sets its validity. The plate is kept in
        capitals without spaces or dashes. The lot then asks drivers the permit question.
  permits remove --lot <lotId> --plate <plate>
  camera on --email <e-mail> --plate <plate>
        camera parking for the driver's car with that plate: when an entry gate's camera reads
        it, the driver's parking starts and the barrier opens without the phone
  camera off --email <e-mail> --plate <plate>
        as the driver's switch: with the driver's last camera car, automatic card payment
        goes off too (its tokens cancelled at SimplePay)
  camera list [--json]
        the cars with camera parking

Exit codes: 0 done, 1 failed (e.g. unknown lot or e-mail), 2 bad usage.
`;

function positive(name: string, v: string | undefined): number {
  const n = Number(v);
  if (v === undefined || !Number.isInteger(n) || n < 1 || n > 2_147_483_647)
    throw new UsageError(`--${name} must be a positive whole number`);
  return n;
}

function day(name: string, v: string | undefined): string | null {
  if (v === undefined) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v))
    throw new UsageError(`--${name} must be a date as YYYY-MM-DD`);
  return v;
}

function required(name: string, v: string | undefined): string {
  if (v === undefined || v.trim() === '') throw new UsageError(`--${name} is required`);
  return v.trim();
}

export async function runParkingCli(
  argv: string[],
  open: () => Promise<Database>,
  out: (s: string) => void = (s) => console.log(s),
  err: (s: string) => void = (s) => console.error(s),
  payments: (database: Database) => Promise<CliPayments> = openCliPayments,
): Promise<number> {
  const [group, command, ...rest] = argv;
  const help = helpExitCode(group, USAGE, out);
  if (help !== null) return help;
  const values = readOptions(
    rest,
    {
      lot: { type: 'string' },
      email: { type: 'string' },
      plate: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      json: { type: 'boolean' },
    },
    USAGE,
    err,
  );
  if (!values) return 2;
  const str = (k: string) => stringOption(values, k);
  let database: Database | undefined;
  try {
    const action = `${group} ${command ?? ''}`.trim();
    switch (action) {
      case 'admins list': {
        const lotId = positive('lot', str('lot'));
        database = await open();
        const list = await listLotAdmins(database.db, lotId);
        if (values.json) {
          out(JSON.stringify(list, null, 2));
          return 0;
        }
        if (list.length === 0) out(`Parking lot ${lotId} has no admins.`);
        for (const a of list)
          out(`${a.email}  user ${a.userId}  since ${a.since.toISOString().slice(0, 10)}`);
        return 0;
      }
      case 'admins add': {
        const lotId = positive('lot', str('lot'));
        const email = required('email', str('email'));
        database = await open();
        const r = await addLotAdmin(database.db, lotId, email);
        out(
          r.added
            ? `${email} (user ${r.userId}) is now an admin of parking lot ${lotId}.`
            : `${email} (user ${r.userId}) was already an admin of parking lot ${lotId}.`,
        );
        return 0;
      }
      case 'admins remove': {
        const lotId = positive('lot', str('lot'));
        const email = required('email', str('email'));
        database = await open();
        const removed = await removeLotAdmin(database.db, lotId, email);
        out(
          removed
            ? `${email} is no longer an admin of parking lot ${lotId}.`
            : `${email} was not an admin of parking lot ${lotId}.`,
        );
        return 0;
      }
      case 'permits list': {
        const lotId = positive('lot', str('lot'));
        database = await open();
        const list = await listPermits(database.db, lotId);
        if (values.json) {
          out(JSON.stringify(list, null, 2));
          return 0;
        }
        if (list.length === 0) out(`Parking lot ${lotId} has no permits.`);
        for (const p of list) out(`${p.plate}  ${validity(p.validFrom, p.validTo)}`);
        return 0;
      }
      case 'permits add': {
        const lotId = positive('lot', str('lot'));
        const plate = required('plate', str('plate'));
        const validFrom = day('from', str('from'));
        const validTo = day('to', str('to'));
        database = await open();
        const r = await addPermit(database.db, {
          lotId,
          plate,
          validFrom,
          validTo,
        });
        const when = validity(r.permit.validFrom, r.permit.validTo);
        out(
          r.created
            ? `Permit for ${r.permit.plate} at parking lot ${lotId}: ${when}.`
            : `Permit of ${r.permit.plate} at parking lot ${lotId} changed: ${when}.`,
        );
        if (r.lotSwitchedOn) out(`Parking lot ${lotId} now asks drivers for their permit.`);
        return 0;
      }
      case 'permits remove': {
        const lotId = positive('lot', str('lot'));
        const plate = required('plate', str('plate'));
        database = await open();
        const removed = await removePermit(database.db, lotId, plate);
        out(
          removed
            ? `Permit of ${plate} at parking lot ${lotId} removed.`
            : `${plate} had no permit at parking lot ${lotId}.`,
        );
        return 0;
      }
      case 'camera on':
      case 'camera off': {
        const email = required('email', str('email'));
        const plate = required('plate', str('plate'));
        database = await open();
        const on = command === 'on';
        let r;
        if (on) {
          r = await cameraOnByOperator(database.db, { email, plate });
        } else {
          const pay = await payments(database);
          try {
            r = await cameraOffByOperator(pay.pay, { email, plate });
          } finally {
            await pay.close();
          }
        }
        out(
          `Camera parking ${on ? 'on' : 'off'} for ${r.plate} of ${email}${r.changed ? '' : ' (it already was)'}.`,
        );
        return 0;
      }
      case 'camera list': {
        database = await open();
        const list = await listCameraCars(database.db);
        if (values.json) {
          out(JSON.stringify(list, null, 2));
          return 0;
        }
        if (list.length === 0) out('No car has camera parking.');
        for (const c of list)
          out(
            `${c.email}  ${c.plate}  car ${c.carId}  since ${c.since.toISOString().slice(0, 10)}`,
          );
        return 0;
      }
      default:
        throw new UsageError(`unknown command ${action}`);
    }
  } catch (e) {
    return cliFailureCode(e, USAGE, [LotAdminError, PermitError, CameraCarError], err);
  } finally {
    await database?.close();
  }
}

function validity(from: string | null, to: string | null): string {
  if (!from && !to) return 'valid without end';
  if (!to) return `valid from ${from}`;
  if (!from) return `valid until ${to}`;
  return `valid from ${from} until ${to}`;
}

runWhenMain(import.meta.url, runParkingCli);
