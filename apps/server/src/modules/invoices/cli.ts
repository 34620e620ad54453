import Fastify from 'fastify';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../../config.js';
import { cliFailureCode, runWhenMain, UsageError } from '../../core/operator-cli.js';
import type { Database } from '../../db/client.js';
import { registerSzamlazzSandbox, SZAMLAZZ_SANDBOX_PATH } from '../szamlazz-sandbox/routes.js';
import { deliverPendingInvoices } from './deliver.js';
import {
  failingDocuments,
  makeDueNow,
  type FailingDocument,
  type RetryTarget,
} from './failures.js';
import { deliverPendingReceipts } from './guest-receipts.js';
import { prepareInvoices } from './prepare.js';
import { agentClientFor } from './provider.js';
import { isDate } from './time.js';

export const USAGE = `Usage: npm run invoices -- run --from YYYY-MM-DD --to YYYY-MM-DD
       npm run invoices -- failed
       npm run invoices -- retry (--invoice ID … | --receipt ID … | --all)

run: issues now, through the invoicing provider, the invoices for the services paid from --from
to --to (Budapest dates, inclusive) that are on no invoice yet: one per billing data, e-mailed
with its PDF. Safe to repeat and to run while the server runs on PostgreSQL: a service is
invoiced once.

failed: lists the invoices and guest receipts the provider has not issued although asked: those
it rejected (an error code: fix the cause, e.g. the buyer's data or the agent key) and those it
did not answer. The server keeps retrying them with backoff, up to an hour apart.

retry: asks the provider again now for the failing invoices (--invoice) or guest receipts
(--receipt) named, or for all of them (--all), instead of waiting for the next try.

Uses the database of DATABASE_URL, or the embedded one under DATA_DIR/db (stop the server first
then). Without SZAMLAZZ_BASE_URL the built-in provider emulator is used.

Exit codes: 0 done, 1 some invoices or receipts still wait for the provider (the server retries
them), 2 bad usage.
`;

class ProviderWaitError extends Error {}

/** A loopback server with only the provider emulator, on the same database (sandbox mode). */
async function startEmulator(config: Config, database: Database) {
  const app = Fastify({ logger: false });
  registerSzamlazzSandbox(app, { config, db: database.db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}${SZAMLAZZ_SANDBOX_PATH}`,
    close: () => app.close(),
  };
}

const ids = (values: string[] | undefined) =>
  (values ?? []).map((v) => {
    if (!/^[1-9]\d*$/.test(v)) throw new UsageError(`not an id: ${v}`);
    return Number(v);
  });

const budapestTime = (d: Date) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Budapest',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(d);

/** One line per failing document, for the operator. */
function printFailing(list: FailingDocument[], print: (line: string) => void) {
  if (list.length === 0) {
    print('No invoice or receipt waits for the provider.');
    return;
  }
  print(`${list.length} waiting for the provider (kind id, what, buyer, gross, attempts, why):`);
  for (const f of list)
    print(
      [
        `${f.kind} ${f.id}`,
        f.what,
        f.email,
        `${f.gross} Ft`,
        `${f.attempts} attempt(s)`,
        f.rejected ? 'REJECTED by the provider' : 'provider unreachable',
        `next try ${budapestTime(f.nextAttemptAt)} (Budapest)`,
        f.lastError,
      ].join(' | '),
    );
}

interface Parsed {
  command: 'run' | 'failed' | 'retry';
  from: string;
  to: string;
  target: RetryTarget;
}

function parse(argv: string[]): Parsed {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      invoice: { type: 'string', multiple: true },
      receipt: { type: 'string', multiple: true },
      all: { type: 'boolean' },
    },
  });
  const command = positionals[0];
  if (
    positionals.length !== 1 ||
    (command !== 'run' && command !== 'failed' && command !== 'retry')
  )
    throw new UsageError('unknown command');
  const from = values.from ?? '';
  const to = values.to ?? '';
  if (command === 'run') {
    if (!isDate(from) || !isDate(to))
      throw new UsageError('--from and --to must be YYYY-MM-DD dates');
    if (from > to) throw new UsageError('--from must not be after --to');
  }
  const invoiceIds = ids(values.invoice);
  const receiptIds = ids(values.receipt);
  if (command === 'retry' && !values.all && invoiceIds.length + receiptIds.length === 0)
    throw new UsageError('retry needs --invoice ID, --receipt ID or --all');
  if (command === 'retry' && values.all && invoiceIds.length + receiptIds.length > 0)
    throw new UsageError('--all retries everything: name no ids with it');
  return {
    command,
    from,
    to,
    target: values.all ? { all: true } : { invoiceIds, receiptIds },
  };
}

export async function runInvoicesCli(
  argv: string[],
  open: () => Promise<Database>,
  print: (line: string) => void = (line) => console.log(line),
): Promise<number> {
  try {
    const { command, from, to, target } = parse(argv);
    const config = loadConfig();
    const database = await open();
    if (command === 'failed') {
      try {
        printFailing(await failingDocuments(database.db), print);
        return 0;
      } finally {
        await database.close();
      }
    }
    const emulator = config.invoicing.baseUrl ? null : await startEmulator(config, database);
    try {
      const client = agentClientFor(config.invoicing, config.invoicing.baseUrl ?? emulator!.url);
      if (command === 'retry') {
        const due = await makeDueNow(database.db, target);
        print(`${due} failing invoice(s) or receipt(s) asked for again`);
      }
      const made = command === 'run' ? await prepareInvoices(database.db, { from, to }) : [];
      let issued = 0;
      let failed = 0;
      // Everything due now, including invoices an earlier run or the server left waiting.
      for (;;) {
        const round = await deliverPendingInvoices(database.db, client, config.publicUrl);
        const receipts =
          command === 'retry'
            ? await deliverPendingReceipts(database.db, client, config.publicUrl)
            : { issued: 0, failed: 0 };
        issued += round.issued + receipts.issued;
        failed += round.failed + receipts.failed;
        if (round.issued + receipts.issued === 0) break;
      }
      print(
        command === 'run'
          ? `${made.length} new invoice(s) for ${from}…${to}; ${issued} issued, ${failed} waiting for the provider`
          : `${issued} issued, ${failed} still waiting for the provider`,
      );
      if (failed > 0) {
        if (command === 'retry') printFailing(await failingDocuments(database.db), print);
        throw new ProviderWaitError('some invoices wait for the provider; the server retries them');
      }
      return 0;
    } finally {
      await emulator?.close();
      await database.close();
    }
  } catch (err) {
    return cliFailureCode(err, USAGE, [ProviderWaitError], print);
  }
}

runWhenMain(import.meta.url, (argv, open) => runInvoicesCli(argv, open));
