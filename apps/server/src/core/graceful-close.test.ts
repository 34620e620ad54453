import { connect, type AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { closeIdleConnectionsWhileClosing } from './graceful-close.js';

describe('closing the server', () => {
  it('finishes an answer already under way when close begins, then ends its idle connection', async () => {
    const app = Fastify({ forceCloseConnections: 'idle' });
    closeIdleConnectionsWhileClosing(app);
    const body = new PassThrough();
    app.get('/slow', async (_req, reply) => reply.header('content-type', 'text/plain').send(body));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    body.write('first part ');
    const res = await fetch(`http://127.0.0.1:${port}/slow`); // headers are out: a keep-alive answer
    const closed = app.close();
    body.end('last part');
    expect(await res.text()).toBe('first part last part');
    // Without the fix close waits out the 72 s keep-alive timeout, far beyond this test's own.
    await closed;
    expect(app.server.listening).toBe(false);
  });
});

describe('an answer that never ends', () => {
  it('is cut at the end of the grace, so close still ends', async () => {
    const app = Fastify({ forceCloseConnections: 'idle' });
    closeIdleConnectionsWhileClosing(app, { graceMs: 200 });
    const body = new PassThrough();
    app.get('/endless', async (_req, reply) =>
      reply.header('content-type', 'text/plain').send(body),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    body.write('never finished ');
    const res = await fetch(`http://127.0.0.1:${port}/endless`);
    // Without the grace, close waits for an end that never comes (this test times out).
    await app.close();
    expect(app.server.listening).toBe(false);
    await expect(res.text()).rejects.toThrow();
  });
});

describe('a client that connected and sent nothing', () => {
  it('does not hold close (Node counts it busy until its 60 s headers timeout)', async () => {
    const app = Fastify({ forceCloseConnections: 'idle' });
    closeIdleConnectionsWhileClosing(app, { graceMs: 120_000 });
    app.get('/', async () => 'ok');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const silent = connect(port, '127.0.0.1');
    await new Promise((resolve) => silent.once('connect', resolve));
    const ended = new Promise((resolve) => silent.once('close', resolve));
    // Without the fix close waits 60 s for this connection, beyond this test's 30 s.
    await app.close();
    await ended;
    expect(app.server.listening).toBe(false);
  });
});
