import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RPCClient } from 'ocpp-rpc';
import { ocppIdTags, ocppTransactions } from '../../db/schema/index.js';
import { ChargePointNotConnectedError } from './central.js';
import { KEY, startOcppApp, until, type OcppTestApp } from './test-helpers.js';

let t: OcppTestApp;
beforeAll(async () => {
  t = await startOcppApp();
  await t.database.db
    .insert(ocppIdTags)
    .values([{ idTag: 'APP-TOKEN-1' }, { idTag: 'APP-TOKEN-2' }]);
});
afterAll(async () => {
  await t?.close();
});

describe('TC_010–TC_012 remote start and stop', () => {
  it('remote start is Accepted, then the StartTransaction comes; remote stop ends it', async () => {
    await t.add('TC010');
    const sim = t.sim({ id: 'TC010' });
    await sim.start();
    const { commands } = t.app.ocpp;
    const waiting = commands.waitForStart('TC010', 2, 'APP-TOKEN-1', 5000);
    expect(await commands.remoteStartTransaction('TC010', 2, 'APP-TOKEN-1')).toEqual({
      status: 'Accepted',
    });
    const started = await waiting;
    expect(started).not.toBeNull();
    expect(started!.connectorId).toBe(2);
    expect(await until(async () => (await t.statuses('TC010'))[1] === 'OCCUPIED')).toBe(true);

    const stopped = new Promise<{ transactionId: number; reason: string | null }>((r) =>
      t.app.ocpp.central.events.once('transactionStopped', r),
    );
    expect(await commands.remoteStopTransaction('TC010', started!.transactionId)).toEqual({
      status: 'Accepted',
    });
    const s = await stopped;
    expect(s.transactionId).toBe(started!.transactionId);
    expect(s.reason).toBe('Remote');

    // Evidence: remote start/stop, StartTransaction, StopTransaction frames of the transaction.
    const frames = await t.frames(started!.transactionId);
    const actions = frames.map((f) => `${f.direction}:${f.action}:${f.messageType}`);
    expect(actions).toContain('out:RemoteStartTransaction:2');
    expect(actions).toContain('in:RemoteStartTransaction:3');
    expect(actions).toContain('in:StartTransaction:2');
    expect(actions).toContain('out:StartTransaction:3');
    expect(actions).toContain('out:RemoteStopTransaction:2');
    expect(actions).toContain('in:RemoteStopTransaction:3');
    expect(actions).toContain('in:StopTransaction:2');
    expect(actions).toContain('out:StopTransaction:3');
    for (const f of frames) expect(f.payload).toBeTypeOf('object');
  });

  it('a remote start on a busy connector is Rejected; a remote stop of an unknown transaction is Rejected', async () => {
    await t.add('TC011');
    const sim = t.sim({ id: 'TC011', connectors: [{ powerKw: 22, status: 'Faulted' }] });
    await sim.start();
    const { commands } = t.app.ocpp;
    expect(await commands.remoteStartTransaction('TC011', 1, 'APP-TOKEN-2')).toEqual({
      status: 'Rejected',
    });
    expect(await commands.remoteStopTransaction('TC011', 999_999)).toEqual({ status: 'Rejected' });
    await expect(commands.remoteStartTransaction('TC011', 1, 'X'.repeat(21))).rejects.toThrow(
      RangeError,
    );
  });

  it('a charger that accepts a remote start but never starts: the caller times out', async () => {
    await t.add('TC012');
    const sim = t.sim({ id: 'TC012', ignoreRemoteStart: true });
    await sim.start();
    const { commands } = t.app.ocpp;
    const waiting = commands.waitForStart('TC012', 1, 'APP-TOKEN-2', 300);
    expect(await commands.remoteStartTransaction('TC012', 1, 'APP-TOKEN-2')).toEqual({
      status: 'Accepted',
    });
    expect(await waiting).toBeNull();
  });

  it('a charger that does not answer a command: the call times out', async () => {
    await t.add('TC012-B');
    const c = new RPCClient({
      endpoint: t.url,
      identity: 'TC012-B',
      protocols: ['ocpp1.6'],
      password: KEY,
      reconnect: false,
    } as never);
    c.handle('Reset', () => new Promise(() => {}));
    await c.connect();
    await until(() => t.app.ocpp.central.isConnected('TC012-B'));
    await expect(t.app.ocpp.commands.reset('TC012-B', 'Soft', 200)).rejects.toThrow(
      /timeout|timed out/i,
    );
    await c.close({ force: true });
  });

  it('a command to a charger that is not connected fails at once', async () => {
    await expect(t.app.ocpp.commands.reset('NOT-HERE', 'Hard')).rejects.toBeInstanceOf(
      ChargePointNotConnectedError,
    );
  });

  it('the other outgoing commands return the charger answer', async () => {
    await t.add('CMD-1');
    const sim = t.sim({ id: 'CMD-1' });
    await sim.start();
    const { commands } = t.app.ocpp;
    expect((await commands.changeAvailability('CMD-1', 1, 'Inoperative')).status).toBe('Accepted');
    expect(await until(async () => (await t.statuses('CMD-1'))[0] === 'UNAVAILABLE')).toBe(true);
    expect((await commands.unlockConnector('CMD-1', 1)).status).toBe('Unlocked');
    const conf = await commands.getConfiguration('CMD-1');
    expect(conf.configurationKey?.map((k) => k.key)).toContain('HeartbeatInterval');
    expect((await commands.changeConfiguration('CMD-1', 'HeartbeatInterval', '60')).status).toBe(
      'Accepted',
    );
    expect((await commands.triggerMessage('CMD-1', 'Heartbeat')).status).toBe('Accepted');
    expect((await commands.reset('CMD-1', 'Soft')).status).toBe('Accepted');
  });
});

describe('TC_032 power failure mid-transaction', () => {
  it('after the reboot the transaction ends with StopTransaction reason PowerLoss', async () => {
    await t.add('TC032');
    const sim = t.sim({ id: 'TC032' });
    await sim.start();
    const tx = await sim.startTransaction(1, 'APP-TOKEN-1');
    await sim.powerFailure();
    expect(sim.queued).toBe(1);
    const stopped = new Promise<{ transactionId: number; reason: string | null }>((r) =>
      t.app.ocpp.central.events.once('transactionStopped', r),
    );
    await sim.goOnline();
    expect(sim.bootStatus).toBe('Accepted');
    const s = await stopped;
    expect(s).toMatchObject({ transactionId: tx.id, reason: 'PowerLoss' });
    const [row] = await t.database.db
      .select()
      .from(ocppTransactions)
      .where(eq(ocppTransactions.id, tx.id!));
    expect(row!.stopReason).toBe('PowerLoss');
  });
});

describe('TC_023 remote start with a tag the central system does not accept', () => {
  it('the charger ends the transaction as DeAuthorized', async () => {
    await t.add('TC023-R');
    const sim = t.sim({ id: 'TC023-R' });
    await sim.start();
    const stopped = new Promise<{ reason: string | null }>((r) =>
      t.app.ocpp.central.events.once('transactionStopped', r),
    );
    expect(await t.app.ocpp.commands.remoteStartTransaction('TC023-R', 1, 'UNKNOWN-TAG')).toEqual({
      status: 'Accepted',
    });
    expect((await stopped).reason).toBe('DeAuthorized');
    const [row] = await t.database.db
      .select()
      .from(ocppTransactions)
      .where(eq(ocppTransactions.chargePointId, 'TC023-R'));
    expect(row!.idTagStatus).toBe('Invalid');
  });
});
