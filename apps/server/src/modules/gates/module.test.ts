import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { createTestDatabase } from '../../test/database.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const config = (port: string) =>
  loadConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    SEED_DEMO_DATA: 'never',
    HOST: '127.0.0.1',
    GATES_MQTT_PORT: port,
  });

describe('the gates module in the server start-up (as main.ts runs it)', () => {
  it('starts the embedded broker once the server listens', async () => {
    const app = await buildApp({ config: config('0'), database });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      await app.gates.whenStarted();
      expect(app.gates.broker!.port).toBeGreaterThan(0);
      expect(app.gates.service.connected).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('reports a GATES_MQTT_PORT that is taken, so the start stops with a clear message', async () => {
    const taken = net.createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', () => r()));
    const port = (taken.address() as net.AddressInfo).port;
    const app = await buildApp({ config: config(String(port)), database });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      await expect(app.gates.whenStarted()).rejects.toThrow(
        `GATES_MQTT_PORT ${port} is already in use`,
      );
    } finally {
      await app.close();
      await new Promise<void>((r) => taken.close(() => r()));
    }
  });

  it('in the sandbox with GATES_MQTT_PORT unset, a taken default port gives way to a free one', async () => {
    const taken = net.createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', () => r()));
    const port = (taken.address() as net.AddressInfo).port;
    const sandbox = loadConfig({
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      SEED_DEMO_DATA: 'never',
      HOST: '127.0.0.1',
    });
    expect(sandbox.gates.mqttPortFallback).toBe(true);
    // As if 1883, the default, were held by a local Mosquitto.
    sandbox.gates.mqttPort = port;
    const app = await buildApp({ config: sandbox, database });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      await app.gates.whenStarted();
      expect(app.gates.broker!.port).not.toBe(port);
      expect(app.gates.service.connected).toBe(true);
    } finally {
      await app.close();
      await new Promise<void>((r) => taken.close(() => r()));
    }
  });
});
