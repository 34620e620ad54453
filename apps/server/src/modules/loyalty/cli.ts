import {
  cliFailureCode,
  helpExitCode,
  readOptions,
  runWhenMain,
  UsageError,
} from '../../core/operator-cli.js';
import type { Database } from '../../db/client.js';
import {
  grantPoints,
  LoyaltyOperatorError,
  makeServiceProvider,
  removeServiceProvider,
} from './operator.js';

export const USAGE = `Usage: npm run loyalty -- <command> [options]

Loyalty points and partner shops, in the database that DATABASE_URL names, or the embedded one
under DATA_DIR/db (stop the server first when it uses the embedded database; on PostgreSQL it
may run while the server runs).

Commands:
  grant --email <e-mail> --points <N> --reason <text>
        books an adjustment in the user's points ledger; a negative N takes points back,
        refused when the balance would go below zero
  provider --email <e-mail> --shop "<shop name>"
        makes the user the service provider of that partner shop (the shopName offers show):
        they may then redeem its coupons on /coupon-redeem (signed-in browsers show it
        within seconds)
  provider --email <e-mail> --remove
        ends the user's service-provider role (and the tie to the shop)

Exit codes: 0 done, 1 refused (e.g. unknown user or shop), 2 bad usage.
`;

export async function runLoyaltyCli(
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
      email: { type: 'string' },
      points: { type: 'string' },
      reason: { type: 'string' },
      shop: { type: 'string' },
      remove: { type: 'boolean' },
    },
    USAGE,
    err,
  );
  if (!values) return 2;
  const str = (k: string) => {
    const v = values[k];
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
  };
  const required = (k: string) => {
    const v = str(k);
    if (v === undefined) throw new UsageError(`--${k} is required`);
    return v;
  };
  let database: Database | undefined;
  try {
    switch (command) {
      case 'grant': {
        const email = required('email');
        const pointsText = required('points');
        const points = Number(pointsText);
        if (!/^-?\d+$/.test(pointsText) || points === 0 || Math.abs(points) > 10_000_000)
          throw new UsageError('--points must be a whole number other than 0 (e.g. 500 or -200)');
        const reason = required('reason');
        if (reason.length > 255) throw new UsageError('--reason is at most 255 characters');
        database = await open();
        const r = await grantPoints(database.db, { email, points, reason });
        out(
          `${points > 0 ? 'Granted' : 'Took back'} ${Math.abs(points)} points ${points > 0 ? 'to' : 'from'} ${email}. New balance: ${r.balance} points.`,
        );
        return 0;
      }
      case 'provider': {
        const email = required('email');
        if (values.remove === true) {
          if (str('shop') !== undefined) throw new UsageError('--remove takes no --shop');
          database = await open();
          const r = await removeServiceProvider(database.db, { email });
          out(
            r.shopName === null
              ? `${r.email} was not a service provider; nothing changed.`
              : `${r.email} no longer redeems coupons (was ${r.shopName}).`,
          );
          return 0;
        }
        const shop = required('shop');
        database = await open();
        const r = await makeServiceProvider(database.db, { email, shop });
        out(`${email} now redeems coupons for ${r.shopName} (shop ${r.shopId}).`);
        return 0;
      }
      default:
        throw new UsageError(`Unknown command: ${command}`);
    }
  } catch (e) {
    return cliFailureCode(e, USAGE, [LoyaltyOperatorError], err);
  } finally {
    await database?.close();
  }
}

runWhenMain(import.meta.url, runLoyaltyCli);
