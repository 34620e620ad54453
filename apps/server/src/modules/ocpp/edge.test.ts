import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RPCClient, type RPCError } from 'ocpp-rpc';
import { ocppFrames, ocppIdTags } from '../../db/schema/index.js';
import { MAX_WS_FRAME_BYTES } from '../../core/websocket.js';
import { KEY, startOcppApp, until, type OcppTestApp } from './test-helpers.js';

/**
 * What a charger cannot break: numbers beyond the database's columns, strings it cannot store,
 * ids that cannot exist and oversized frames are answered with OCPP's own error codes (never
 * with internals), logged, and transaction frames are kept as evidence whatever happens.
 */
let t: OcppTestApp;
beforeAll(async () => {
  t = await startOcppApp({}, { logs: true });
});
afterAll(async () => {
  await t?.close();
});

const BEYOND_INT = 2_147_483_648;
const now = () => new Date().toISOString();

async function connect(id: string): Promise<RPCClient> {
  await t.add(id);
  const c = new RPCClient({
    endpoint: t.url,
    identity: id,
    protocols: ['ocpp1.6'],
    password: KEY,
    reconnect: false,
  } as never);
  await c.connect();
  return c;
}

/** One raw call (no client-side validation): the CALLERROR (or result) and the message id. */
async function send(c: RPCClient, action: string, params: object) {
  let messageId = '';
  const onCall = (e: { outbound: boolean; payload: unknown[] }) => {
    if (e.outbound && e.payload[2] === action) messageId = e.payload[1] as string;
  };
  c.on('call', onCall);
  try {
    const result: unknown = await c.call(action, params);
    return { messageId, result, error: null };
  } catch (err) {
    return { messageId, result: null, error: err as RPCError & { details?: unknown } };
  } finally {
    c.off('call', onCall);
  }
}

/** No SQL, no parameters, no stack: a short text of our own. */
function expectNoInternals(description: string) {
  expect(description.length).toBeLessThanOrEqual(100);
  expect(description).not.toMatch(/select|insert|update|params|failed query|\$\d|at .*\.ts/i);
}

/** A log line (warn or worse) about this message: charge point, action and message id. */
function loggedFailure(chargePointId: string, action: string, messageId: string) {
  return t.logs.find(
    (l) =>
      l.level >= 40 &&
      l.chargePointId === chargePointId &&
      l.action === action &&
      l.messageId === messageId,
  );
}

async function framesOf(messageId: string) {
  return t.database.db
    .select()
    .from(ocppFrames)
    .where(eq(ocppFrames.messageId, messageId))
    .orderBy(ocppFrames.id);
}

async function startTx(c: RPCClient, idTag: string): Promise<number> {
  const r = (await c.call('StartTransaction', {
    connectorId: 1,
    idTag,
    meterStart: 1000,
    timestamp: now(),
  })) as { transactionId: number };
  return r.transactionId;
}

describe('numbers beyond the database range', () => {
  const cases: [string, string, (txId: number) => object][] = [
    [
      'StatusNotification connectorId',
      'StatusNotification',
      () => ({ connectorId: BEYOND_INT, errorCode: 'NoError', status: 'Available' }),
    ],
    [
      'StartTransaction connectorId',
      'StartTransaction',
      () => ({ connectorId: BEYOND_INT, idTag: 'T', meterStart: 0, timestamp: now() }),
    ],
    [
      'StartTransaction reservationId',
      'StartTransaction',
      () => ({
        connectorId: 1,
        idTag: 'T',
        meterStart: 0,
        timestamp: now(),
        reservationId: -BEYOND_INT - 1,
      }),
    ],
    [
      'StartTransaction meterStart',
      'StartTransaction',
      () => ({ connectorId: 1, idTag: 'T', meterStart: 1e20, timestamp: now() }),
    ],
    [
      'StopTransaction transactionId',
      'StopTransaction',
      () => ({ transactionId: BEYOND_INT, meterStop: 10, timestamp: now() }),
    ],
    [
      'StopTransaction meterStop',
      'StopTransaction',
      (txId) => ({ transactionId: txId, meterStop: 1e20, timestamp: now() }),
    ],
    [
      'MeterValues connectorId',
      'MeterValues',
      (txId) => ({
        connectorId: BEYOND_INT,
        transactionId: txId,
        meterValue: [{ timestamp: now(), sampledValue: [{ value: '1500' }] }],
      }),
    ],
    [
      'MeterValues transactionId',
      'MeterValues',
      () => ({
        connectorId: 1,
        transactionId: BEYOND_INT,
        meterValue: [{ timestamp: now(), sampledValue: [{ value: '1500' }] }],
      }),
    ],
    [
      'MeterValues energy register',
      'MeterValues',
      (txId) => ({
        connectorId: 1,
        transactionId: txId,
        meterValue: [{ timestamp: now(), sampledValue: [{ value: '1e30', unit: 'kWh' }] }],
      }),
    ],
    [
      'MeterValues power',
      'MeterValues',
      (txId) => ({
        connectorId: 1,
        transactionId: txId,
        meterValue: [
          {
            timestamp: now(),
            sampledValue: [{ value: '3e9', measurand: 'Power.Active.Import', unit: 'W' }],
          },
        ],
      }),
    ],
  ];

  it.each(cases)(
    '%s: PropertyConstraintViolation without internals, logged, evidence kept',
    async (name, action, params) => {
      const id = `RANGE-${name.replace(/\W+/g, '-')}`;
      const idTag = `TAG-${cases.findIndex((c) => c[0] === name)}`;
      await t.database.db.insert(ocppIdTags).values({ idTag });
      const c = await connect(id);
      const txId = await startTx(c, idTag);
      const payload = params(txId);
      const { messageId, error } = await send(c, action, payload);
      expect(error?.rpcErrorCode).toBe('PropertyConstraintViolation');
      expectNoInternals(error!.message);
      expect(error!.details).toEqual({});
      expect(loggedFailure(id, action, messageId)).toBeDefined();
      if (action !== 'StatusNotification') {
        // The charger's frame and our answer are both evidence.
        const frames = await framesOf(messageId);
        expect(frames.map((f) => [f.direction, f.messageType, f.action])).toEqual([
          ['in', 2, action],
          ['out', 4, action],
        ]);
        expect(frames[0]!.payload).toEqual(payload);
        expect(frames[1]!.payload).toEqual({
          errorCode: 'PropertyConstraintViolation',
          errorDescription: error!.message,
        });
        const inRange = (payload as { transactionId?: number }).transactionId !== BEYOND_INT;
        if (action !== 'StartTransaction') {
          expect(frames[0]!.transactionId).toBe(inRange ? txId : null);
        }
      }
      // The connection goes on.
      expect(await c.call('Heartbeat', {})).toHaveProperty('currentTime');
      await c.close({ force: true });
    },
  );

  it('an impossible timestamp (a leap second JS cannot read) is refused, not a crash', async () => {
    const c = await connect('RANGE-TS');
    const { messageId, error } = await send(c, 'StartTransaction', {
      connectorId: 1,
      idTag: 'T',
      meterStart: 0,
      timestamp: '2016-12-31T23:59:60Z',
    });
    expect(error?.rpcErrorCode).toBe('PropertyConstraintViolation');
    expectNoInternals(error!.message);
    expect(loggedFailure('RANGE-TS', 'StartTransaction', messageId)).toBeDefined();
    expect(await framesOf(messageId)).toHaveLength(2);
    await c.close({ force: true });
  });
});

describe('strings the database cannot hold', () => {
  it('a NUL in an idTag is a PropertyConstraintViolation, not a database error', async () => {
    const c = await connect('STR-NUL');
    const { messageId, error } = await send(c, 'Authorize', { idTag: 'CARD\u0000' });
    expect(error?.rpcErrorCode).toBe('PropertyConstraintViolation');
    expectNoInternals(error!.message);
    expect(loggedFailure('STR-NUL', 'Authorize', messageId)).toBeDefined();
    await c.close({ force: true });
  });

  it('a MeterValues frame with a NUL or a lone surrogate is still kept as evidence', async () => {
    await t.database.db.insert(ocppIdTags).values({ idTag: 'STR-MV' });
    const c = await connect('STR-MV');
    const txId = await startTx(c, 'STR-MV');
    for (const [value, kept] of [
      ['15\u000000', '15\ufffd00'],
      ['\ud800', '\ufffd'],
    ]) {
      const { messageId, error } = await send(c, 'MeterValues', {
        connectorId: 1,
        transactionId: txId,
        meterValue: [{ timestamp: now(), sampledValue: [{ value }] }],
      });
      expect(error?.rpcErrorCode).toBe('PropertyConstraintViolation');
      const frames = await framesOf(messageId);
      expect(frames.map((f) => [f.direction, f.transactionId])).toEqual([
        ['in', txId],
        ['out', txId],
      ]);
      // What PostgreSQL cannot store is replaced by U+FFFD; the rest is the frame as sent.
      const stored = frames[0]!.payload as { meterValue: { sampledValue: { value: string }[] }[] };
      expect(stored.meterValue[0]!.sampledValue[0]!.value).toBe(kept);
    }
    await c.close({ force: true });
  });
});

describe('handler failures', () => {
  it('answer InternalError with a generic text and log the real error with the message', async () => {
    const c = await connect('FAIL-1');
    t.app.ocpp.central.authorizer = async () => {
      throw new Error('Failed query: select secret from vault where id = $1');
    };
    try {
      const { messageId, error } = await send(c, 'Authorize', { idTag: 'UNKNOWN-TAG' });
      expect(error?.rpcErrorCode).toBe('InternalError');
      expectNoInternals(error!.message);
      const line = loggedFailure('FAIL-1', 'Authorize', messageId);
      expect(line?.level).toBe(50);
      expect(JSON.stringify(line)).toContain('select secret from vault');
    } finally {
      t.app.ocpp.central.authorizer = null;
    }
    await c.close({ force: true });
  });

  it('a schema violation is logged and its details are not echoed to the charger', async () => {
    const c = await connect('FAIL-2');
    const { messageId, error } = await send(c, 'StartTransaction', {
      connectorId: 1.5,
      idTag: 'T',
      meterStart: 0,
      timestamp: now(),
    });
    expect(error?.rpcErrorCode).toBe('TypeConstraintViolation');
    expect(error!.details).toEqual({});
    expectNoInternals(error!.message);
    expect(loggedFailure('FAIL-2', 'StartTransaction', messageId)).toBeDefined();
    // Evidence of a transaction message, even a malformed one (written as it is answered).
    await until(async () => (await framesOf(messageId)).length === 2);
    await c.close({ force: true });
  });
});

describe('unknown actions', () => {
  it('are answered NotImplemented and logged', async () => {
    const c = await connect('FAIL-3');
    const { messageId, error } = await send(c, 'SignCertificate', { csr: 'x' });
    expect(error?.rpcErrorCode).toBe('NotImplemented');
    expectNoInternals(error!.message);
    expect(loggedFailure('FAIL-3', 'SignCertificate', messageId)).toBeDefined();
    await c.close({ force: true });
  });
});

/** An HTTP upgrade request for a raw path: the status code the server answers. */
function upgradeStatus(path: string): Promise<number> {
  const { port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      path,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Protocol': 'ocpp1.6',
      },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('upgrade', (_res, socket) => {
      socket.destroy();
      resolve(101);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('charge point ids in the URL', () => {
  it.each([
    ['a NUL byte', '/ocpp/X%00'],
    ['a control character', '/ocpp/X%0A'],
    ['49 characters', `/ocpp/${'A'.repeat(49)}`],
    ['invalid percent-encoding', '/ocpp/%zz'],
    ['a lone surrogate', '/ocpp/X%ED%A0%80'],
    ['an empty id', '/ocpp/'],
    ['a nested path', '/ocpp/a/b'],
  ])('%s is refused with a 4xx before any database work', async (_name, path) => {
    const before = t.logs.length;
    const status = await upgradeStatus(path);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(t.logs.slice(before).filter((l) => l.level >= 50)).toEqual([]);
  });

  it('a plain GET of such a path (no upgrade) is a 4xx too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ocpp/X%00' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('a 48-character id that exists connects', async () => {
    const id = 'B'.repeat(48);
    const c = await connect(id);
    expect(c.protocol).toBe('ocpp1.6');
    await c.close({ force: true });
  });
});

describe('frame size', () => {
  it('a frame up to the limit is answered; one beyond closes the socket with 1009', async () => {
    const c = await connect('FRAME-1');
    const envelope = JSON.stringify([
      2,
      'x'.repeat(36),
      'DataTransfer',
      { vendorId: 'V', data: '' },
    ]);
    const fits = 'a'.repeat(MAX_WS_FRAME_BYTES - envelope.length);
    expect(await c.call('DataTransfer', { vendorId: 'V', data: fits })).toEqual({
      status: 'UnknownVendorId',
    });
    const closed = new Promise<{ code: number }>((r) => c.once('close', r));
    void c.call('DataTransfer', { vendorId: 'V', data: `${fits}a` }).catch(() => {});
    expect((await closed).code).toBe(1009);
    await until(() => !t.app.ocpp.central.isConnected('FRAME-1'));
  });
});
