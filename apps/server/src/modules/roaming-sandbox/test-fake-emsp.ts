import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { AllowedType } from '@voltpark/contract/ocpi/tokens';
import type { OcpiEndpoint } from '@voltpark/contract/ocpi/versions';
import type { Db } from '../../db/client.js';
import { sandboxOcpiPeers } from '../../db/schema/index.js';

export interface FakeEmspCall {
  method: string;
  path: string;
  to: string | undefined;
  body: unknown;
}

/**
 * Test scaffolding: a stand-in eMSP's receivers (Sessions, CDRs, CommandResults) and Tokens
 * Sender (real-time authorization). Records each call; answers CDR POSTs as `cdrAnswers` says
 * (then 200), and an authorization by `allowed` for the token uid (ALLOWED when absent).
 */
export async function fakeEmsp() {
  const calls: FakeEmspCall[] = [];
  const cdrAnswers: number[] = [];
  const allowed = new Map<string, AllowedType>();
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      const path = decodeURIComponent((req.url ?? '').split('?')[0]!);
      const body = text ? (JSON.parse(text) as unknown) : null;
      calls.push({
        method: req.method ?? '',
        path,
        to: req.headers['ocpi-to-party-id'] as string | undefined,
        body,
      });
      let status = 200;
      let data: unknown;
      const auth = /^\/emsp\/tokens\/([^/]+)\/authorize$/.exec(path);
      if (path === '/emsp/cdrs') status = cdrAnswers.shift() ?? 200;
      else if (auth) {
        const uid = auth[1]!;
        data = {
          allowed: allowed.get(uid) ?? 'ALLOWED',
          token: {
            country_code: 'HU',
            party_id: 'VPK',
            uid,
            type: 'APP_USER',
            contract_id: `HU-VPK-${uid}`,
            issuer: 'Voltpark',
            valid: true,
            whitelist: 'NEVER',
            last_updated: '2026-01-01T00:00:00Z',
          },
        };
      }
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          status_code: status === 200 ? 1000 : 3000,
          ...(data === undefined ? {} : { data }),
          timestamp: new Date().toISOString().slice(0, 19) + 'Z',
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    calls,
    cdrAnswers,
    allowed,
    of: (method: string, prefix: string) =>
      calls.filter((c) => c.method === method && c.path.startsWith(prefix)),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
export type FakeEmsp = Awaited<ReturnType<typeof fakeEmsp>>;

/** The emulator's platform peer now has the stand-in's Sessions, CDRs and Tokens endpoints. */
export async function pointPlatformAt(db: Db, emsp: FakeEmsp): Promise<void> {
  const [peer] = await db
    .select()
    .from(sandboxOcpiPeers)
    .where(eq(sandboxOcpiPeers.label, 'platform'));
  const mine = ['sessions', 'cdrs', 'tokens'];
  const endpoints: OcpiEndpoint[] = [
    ...(peer!.endpoints as OcpiEndpoint[]).filter((e) => !mine.includes(e.identifier)),
    { identifier: 'sessions', role: 'RECEIVER', url: `${emsp.url}/emsp/sessions` },
    { identifier: 'cdrs', role: 'RECEIVER', url: `${emsp.url}/emsp/cdrs` },
    { identifier: 'tokens', role: 'SENDER', url: `${emsp.url}/emsp/tokens` },
  ];
  await db.update(sandboxOcpiPeers).set({ endpoints }).where(eq(sandboxOcpiPeers.id, peer!.id));
}
