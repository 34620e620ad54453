import net from 'node:net';
import { eq } from 'drizzle-orm';
import { roamingPartners } from '../../db/schema/index.js';
import type { Database } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { runRoamingCli } from './cli.js';
import { authorizationHeader } from './tokens.js';

/**
 * One of our servers, listening on a free port, its PUBLIC_URL that address. Its background
 * pulls of CPO partners are off unless `env` turns them on (ROAMING_PULL_MINUTES).
 */
export async function roamingServer(
  partyId: string,
  env: NodeJS.ProcessEnv = {},
): Promise<TestApp & { url: string }> {
  const t = await createTestApp({
    env: { ROAMING_PARTY_ID: partyId, ROAMING_PULL_MINUTES: '0', ...env },
  });
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  t.config.publicUrl = url;
  return Object.assign(t, { url });
}

/** The operator CLI of a server, run in-process against its database. */
export async function cli(t: TestApp, ...argv: string[]) {
  const lines: string[] = [];
  const open = async (): Promise<Database> => ({ ...t.database, close: async () => {} });
  const code = await runRoamingCli(
    argv,
    open,
    (s) => lines.push(s),
    (s) => lines.push(`ERR ${s}`),
    () => t.config,
  );
  return { code, text: lines.join('\n'), last: lines.at(-1) ?? '' };
}

/** An OCPI request as a partner sends it. */
export async function ocpi(
  url: string,
  token: string | null,
  init: {
    method?: string;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
  } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  if (token !== null) headers.authorization = authorizationHeader(token);
  if (init.body !== undefined || init.rawBody !== undefined)
    headers['content-type'] = 'application/json';
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers,
    body: init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const json = (await res.json()) as {
    data?: unknown;
    status_code: number;
    status_message?: string;
    timestamp: string;
  };
  return { status: res.status, json, headers: res.headers };
}

/** A local port nobody listens on (a partner that is down). */
export async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

/**
 * Our eMSP server registers with our CPO server through the real handshake (the CPO's operator
 * adds it, its operator registers with the Token A); the Token A and the token the eMSP now calls
 * the CPO with.
 */
export async function registerEmspWith(
  cpo: { server: TestApp; url: string; party: string },
  emsp: { server: TestApp; party: string },
): Promise<{ tokenA: string; token: string }> {
  const role = (r: string, party: string) => ['--country', 'HU', '--party', party, '--role', r];
  const added = await cli(
    cpo.server,
    'add-partner',
    ...role('EMSP', emsp.party),
    '--name',
    emsp.party,
  );
  if (added.code !== 0) throw new Error(`add-partner: ${added.text}`);
  const reg = await cli(
    emsp.server,
    'register',
    '--versions-url',
    `${cpo.url}/ocpi/versions`,
    // One argument: a Token A may start with '-' (base64url), which a separate one would not pass.
    `--token=${added.last}`,
    ...role('CPO', cpo.party),
    '--name',
    `Server ${cpo.party}`,
  );
  if (reg.code !== 0) throw new Error(`register: ${reg.text}`);
  const [row] = await emsp.server.database.db
    .select({ t: roamingPartners.theirToken })
    .from(roamingPartners)
    .where(eq(roamingPartners.partyId, cpo.party));
  return { tokenA: added.last, token: row!.t! };
}
