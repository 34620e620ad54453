import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Evse } from '@voltpark/contract/ocpi/locations';
import type { OcpiEndpoint } from '@voltpark/contract/ocpi/versions';
import {
  roamingPartnerLocations,
  roamingPartners,
  sandboxOcpiPeers,
  sandboxOcpiStatusPushes,
} from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { cli, ocpi, roamingServer } from '../roaming/test-helpers.js';
import { authorizationHeader } from '../roaming/tokens.js';
import { partnerLocationDetail } from '../roaming/emsp/partner-locations-read.js';

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  to: string | undefined;
  body: unknown;
}

/** A stand-in for a platform's Locations Receiver: records each call, answers as told. */
async function fakeReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        to: req.headers['ocpi-to-party-id'] as string | undefined,
        body: text ? (JSON.parse(text) as unknown) : null,
      });
      const status = answers.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          status_code: status === 200 ? 1000 : 3000,
          timestamp: new Date().toISOString().slice(0, 19) + 'Z',
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ocpi/2.2.1/emsp/locations`;
  return {
    url,
    received,
    answers,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('the emulator as a CPO after registration', () => {
  let t: TestApp;
  const closers: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    t = await createTestApp({ env: { ROAMING_SANDBOX_PARTNER: '1' } });
    closers.push(() => t.close());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    // Statuses change only by hand here.
    await t.app.roamingSandbox!.stopStatusLoop();
    t.config.publicUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    expect(await t.app.roamingSandbox!.whenRegistered()).toBe('registered');
  }, 60_000);

  afterAll(async () => {
    for (const c of closers.reverse()) await c();
  });

  const platformPeer = async () =>
    (
      await t.database.db
        .select()
        .from(sandboxOcpiPeers)
        .where(eq(sandboxOcpiPeers.label, 'platform'))
    )[0]!;
  const queued = () => t.database.db.select().from(sandboxOcpiStatusPushes);

  async function evseAsServed(locationId: string, evseUid: string): Promise<Evse> {
    const [p] = await t.database.db
      .select()
      .from(roamingPartners)
      .where(eq(roamingPartners.partyId, 'VPT'));
    const url = (p!.endpoints as OcpiEndpoint[]).find((e) => e.identifier === 'locations')!.url;
    const res = await ocpi(`${url}/${locationId}/${encodeURIComponent(evseUid)}`, p!.theirToken!);
    expect(res.json.status_code).toBe(1000);
    return res.json.data as Evse;
  }

  it('a changed status reaches our own Locations Receiver once we hold the location', async () => {
    const peer = await platformPeer();
    expect(peer.endpoints as OcpiEndpoint[]).toContainEqual({
      identifier: 'locations',
      role: 'RECEIVER',
      url: `${t.config.publicUrl}/ocpi/2.2.1/emsp/locations`,
    });
    const [partner] = await t.database.db
      .select()
      .from(roamingPartners)
      .where(eq(roamingPartners.partyId, 'VPT'));
    // Our first pull of the new partner (a few seconds after it registered) brings its six sites.
    for (let i = 0; ; i++) {
      const held = await t.database.db
        .select({ id: roamingPartnerLocations.id })
        .from(roamingPartnerLocations)
        .where(eq(roamingPartnerLocations.partnerId, partner!.id));
      if (held.length === 6) break;
      if (i > 300) throw new Error(`our side holds ${held.length} of the partner's 6 sites`);
      await new Promise((r) => setTimeout(r, 100));
    }

    const change = (await t.app.roamingSandbox!.changeSomeStatus())!;
    expect((await evseAsServed(change.locationId, change.evseUid)).status).toBe(change.status);
    expect(await queued()).toHaveLength(1);
    expect(await t.app.roamingSandbox!.deliverStatusPushes()).toBe(1);
    expect(await queued()).toHaveLength(0);
    const ours = await partnerLocationDetail(t.database.db, {
      partnerId: partner!.id,
      countryCode: 'HU',
      partyId: 'VPT',
      locationId: change.locationId,
    });
    expect(ours!.evses.find((e) => e.uid === change.evseUid)!.status).toBe(change.status);
  });

  it('pushes a change to the Locations Receiver, again after a failure, once delivered', async () => {
    const receiver = await fakeReceiver();
    closers.push(receiver.close);
    const peer = await platformPeer();
    // A stand-in in place of our Locations Receiver, to answer as the test says.
    await t.database.db
      .update(sandboxOcpiPeers)
      .set({
        endpoints: [
          ...(peer.endpoints as OcpiEndpoint[]).filter(
            (e) => !(e.identifier === 'locations' && e.role === 'RECEIVER'),
          ),
          { identifier: 'locations', role: 'RECEIVER', url: receiver.url },
        ],
      })
      .where(eq(sandboxOcpiPeers.id, peer.id));

    const change = (await t.app.roamingSandbox!.changeSomeStatus())!;
    receiver.answers.push(503);
    const round = new Date();
    expect(await t.app.roamingSandbox!.deliverStatusPushes(round)).toBe(0);
    const [waiting] = await queued();
    expect(waiting).toMatchObject({ evseUid: change.evseUid, attempts: 1 });
    expect(waiting!.lastError).toContain('503');
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(round.getTime());
    // Not due in a round at that moment: nothing is sent again.
    expect(await t.app.roamingSandbox!.deliverStatusPushes(round)).toBe(0);
    expect(receiver.received).toHaveLength(1);

    await t.database.db
      .update(sandboxOcpiStatusPushes)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(sandboxOcpiStatusPushes.evseUid, change.evseUid));
    expect(await t.app.roamingSandbox!.deliverStatusPushes()).toBe(1);
    expect(await queued()).toHaveLength(0);
    const last = receiver.received.at(-1)!;
    expect(last.method).toBe('PATCH');
    expect(decodeURIComponent(last.url)).toBe(
      `/ocpi/2.2.1/emsp/locations/HU/VPT/${change.locationId}/${change.evseUid}`,
    );
    expect(last.authorization).toBe(authorizationHeader(peer.theirToken!));
    expect(last.to).toBe('VPK');
    expect(last.body).toMatchObject({ status: change.status });
    expect((await evseAsServed(change.locationId, change.evseUid)).last_updated).toBe(
      (last.body as { last_updated: string }).last_updated,
    );
  });

  it('can be registered with: another platform uses a Token A from its operator', async () => {
    const other = await roamingServer('VPX');
    closers.push(() => other.close());
    const tokenA = await t.app.roamingSandbox!.issueTokenA();
    const reg = await cli(
      other,
      'register',
      '--versions-url',
      t.app.roamingSandbox!.versionsUrl(),
      '--token',
      tokenA,
      ...['--country', 'HU', '--party', 'VPT', '--role', 'CPO', '--name', 'VoltPartner'],
    );
    expect(reg.code, reg.text).toBe(0);
    const [row] = await other.database.db
      .select()
      .from(roamingPartners)
      .where(and(eq(roamingPartners.partyId, 'VPT'), eq(roamingPartners.status, 'REGISTERED')));
    expect(row).toBeDefined();
    const [peer] = await t.database.db
      .select()
      .from(sandboxOcpiPeers)
      .where(eq(sandboxOcpiPeers.partyId, 'VPX'));
    expect(peer).toMatchObject({ status: 'REGISTERED', issuedTokenKind: 'C' });

    const url = (row!.endpoints as OcpiEndpoint[]).find((e) => e.identifier === 'tariffs')!.url;
    expect((await ocpi(url, row!.theirToken!)).json.status_code).toBe(1000);
    // Token A opened the registration only: it is no longer a token of the emulator.
    expect((await ocpi(t.app.roamingSandbox!.versionsUrl(), tokenA)).status).toBe(401);
    // Nor does it open a functional module before or after.
    expect((await ocpi(url, tokenA)).status).toBe(401);
  }, 60_000);
});
