import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * An operator CLI (`npm run <name> -- …`: parking, loyalty, invoices) against the server's
 * PostgreSQL database, as an operator runs it beside the server; its output. Fails the test when
 * the CLI exits with an error, with what it printed.
 */
export function operatorCli(databaseUrl: string, name: string, ...args: string[]): string {
  try {
    return execFileSync(
      process.execPath,
      [
        path.join(repo, 'node_modules/tsx/dist/cli.mjs'),
        path.join(repo, `apps/server/src/modules/${name}/cli.ts`),
        ...args,
      ],
      { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: 'pipe', encoding: 'utf8' },
    );
  } catch (err) {
    const e = err as { status: number | null; stdout?: string; stderr?: string };
    throw new Error(
      `npm run ${name} -- ${args.join(' ')} exited with ${e.status}:\n${e.stdout ?? ''}${e.stderr ?? ''}`,
      { cause: err },
    );
  }
}

/** Runs SQL on the server's PostgreSQL database (test set-up only). */
export function psql(databaseUrl: string, statement: string): void {
  execFileSync('psql', [databaseUrl, '-v', 'ON_ERROR_STOP=1', '-c', statement], { stdio: 'pipe' });
}
