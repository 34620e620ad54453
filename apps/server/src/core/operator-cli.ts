import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';

/**
 * The one sentence every operator command prints for an e-mail no live user has (parking and
 * loyalty used to word it differently).
 */
export function noUserWithEmail(email: string): string {
  return `No user has the e-mail address ${email}.`;
}

/** Wrong words on an operator command line: the usage is printed and the exit code is 2. */
export class UsageError extends Error {}

export type CliValues = Record<string, string | boolean | undefined>;

/**
 * No command or a request for help: prints the usage and gives the exit code (0 for help, 2
 * for nothing at all); null when there is a command to run.
 */
export function helpExitCode(
  command: string | undefined,
  usage: string,
  out: (s: string) => void,
): number | null {
  if (command && !['help', '--help', '-h'].includes(command)) return null;
  out(usage);
  return command ? 0 : 2;
}

/** The options of a command line, or null (wrong words: the reason and the usage printed). */
export function readOptions(
  args: string[],
  options: NonNullable<ParseArgsConfig['options']>,
  usage: string,
  err: (s: string) => void,
): CliValues | null {
  try {
    return parseArgs({ args: joinDashValues(args, options), options, strict: true })
      .values as CliValues;
  } catch (e) {
    err(`${e instanceof Error ? e.message : String(e)}\n\n${usage}`);
    return null;
  }
}

/**
 * `--token -Xy…` or `--points -200`: parseArgs takes a value that starts with a dash for an
 * option and refuses the line. Tokens and keys are base64url, so one in 64 starts with `-`;
 * such a value is joined to its string option (`--token=-Xy…`) unless it names an option itself.
 */
function joinDashValues(
  args: string[],
  options: NonNullable<ParseArgsConfig['options']>,
): string[] {
  const isOption = (a: string) =>
    a.startsWith('--') ? a.slice(2).split('=')[0]! in options : a === '-h';
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const next = args[i + 1];
    const name = arg.startsWith('--') && !arg.includes('=') ? arg.slice(2) : undefined;
    if (name && options[name]?.type === 'string' && next?.startsWith('-') && !isOption(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else {
      out.push(arg);
    }
  }
  return out;
}

/** A string option's value; undefined when it was not given. */
export const stringOption = (values: CliValues, key: string): string | undefined =>
  typeof values[key] === 'string' ? values[key] : undefined;

/** Opens the database that DATABASE_URL or DATA_DIR names, as the server would. */
export async function openConfiguredDatabase(): Promise<Database> {
  const config = loadConfig();
  return openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'db') },
  );
}

/**
 * The exit code for an error of an operator command: 2 with the usage for wrong words, 1 with
 * the message for a refusal the command knows (its own error classes, a bad configuration).
 * Anything else is a defect and is thrown on.
 */
export function cliFailureCode(
  err: unknown,
  usage: string,
  known: ReadonlyArray<abstract new (...args: never[]) => Error>,
  print: (line: string) => void = (line) => console.error(line),
): number {
  if (err instanceof UsageError) {
    print(`${err.message}\n\n${usage}`);
    return 2;
  }
  if (err instanceof ConfigError || known.some((k) => err instanceof k)) {
    print((err as Error).message);
    return 1;
  }
  throw err;
}

/** Runs an operator command when `moduleUrl` (its import.meta.url) is the file node started. */
export function runWhenMain(
  moduleUrl: string,
  run: (argv: string[], open: () => Promise<Database>) => Promise<number>,
) {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== fileURLToPath(moduleUrl)) return;
  run(process.argv.slice(2), openConfiguredDatabase).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
