import net from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { gateTopic, parseGateId, parseGateTopic } from './protocol.js';

/** What the broker needs to know of a gate to let its controller in. */
export interface GateCredentials {
  keyHash: string | null;
  enabled: boolean;
}

export interface EmbeddedBrokerOptions {
  port: number;
  host: string;
  /** The password of the server's own client (user name SERVER_USERNAME). */
  serverPassword: string;
  /** The gate's stored credentials, or null when there is no such gate. */
  lookup(gateId: number): Promise<GateCredentials | null>;
  verify(hash: string, key: Buffer): Promise<boolean>;
  log?: (level: 'info' | 'warn', msg: string, data?: Record<string, unknown>) => void;
}

export interface EmbeddedBroker {
  /** The port it listens on (the given one, or the one the system chose for 0). */
  port: number;
  /** Disconnects the controller of a gate (e.g. after it was disabled). */
  kick(gateId: number): void;
  connectedGateIds(): number[];
  close(): Promise<void>;
}

export const SERVER_USERNAME = 'voltpark-server';

// MQTT CONNACK return codes (3.1.1), as aedes expects them on the error.
const IDENTIFIER_REJECTED = 2;
const BAD_USERNAME_OR_PASSWORD = 4;
const NOT_AUTHORIZED = 5;

function authError(returnCode: number, message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

/**
 * The MQTT broker inside the server (aedes), the embedded default of gates/PROTOCOL.md's
 * broker. A controller connects with client id `gate-{id}`, user name `{id}` and its gate key
 * (checked against the stored hash; a disabled or unknown gate is refused), and may publish
 * only its own `status`, `ack` and `event` and subscribe only to its own `cmd`. The server's
 * own client uses a per-process random password and may publish only commands.
 */
export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const serverPassword = options.serverPassword;
  const gateOf = new WeakMap<Client, number>();
  const servers = new WeakSet<Client>();
  const log = options.log ?? (() => {});

  const aedes = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      if (username === SERVER_USERNAME) {
        const ok =
          password !== undefined &&
          password.length === serverPassword.length &&
          timingSafeEqual(password, Buffer.from(serverPassword));
        if (!ok) return done(authError(BAD_USERNAME_OR_PASSWORD, 'bad server password'), false);
        servers.add(client);
        return done(null, true);
      }
      const gateId = parseGateId(username);
      if (gateId === null || client.id !== `gate-${gateId}`) {
        log('warn', 'gate controller refused: client id and user name do not match', {
          clientId: client.id,
        });
        return done(authError(IDENTIFIER_REJECTED, 'client id must be gate-{gateId}'), false);
      }
      options.lookup(gateId).then(
        async (gate) => {
          if (
            !gate ||
            !gate.keyHash ||
            !password ||
            !(await options.verify(gate.keyHash, password))
          ) {
            log('warn', 'gate controller refused: wrong key or unknown gate', { gateId });
            return done(authError(BAD_USERNAME_OR_PASSWORD, 'wrong gate key'), false);
          }
          if (!gate.enabled) {
            log('warn', 'gate controller refused: gate disabled', { gateId });
            return done(authError(NOT_AUTHORIZED, 'gate disabled'), false);
          }
          gateOf.set(client, gateId);
          done(null, true);
        },
        (err: unknown) => {
          log('warn', 'gate credentials lookup failed', { gateId, err: String(err) });
          done(authError(3, 'server unavailable'), false);
        },
      );
    },
    authorizePublish(client, packet, done) {
      if (!client) return done(null);
      const t = parseGateTopic(packet.topic);
      if (servers.has(client)) {
        return t?.kind === 'cmd' ? done(null) : done(new Error('server publishes commands only'));
      }
      const gateId = gateOf.get(client);
      if (t && gateId === t.gateId && t.kind !== 'cmd') return done(null);
      log('warn', 'gate controller publish refused', { gateId, topic: packet.topic });
      done(new Error('a controller publishes only on its own status, ack and event topics'));
    },
    authorizeSubscribe(client, sub, done) {
      if (servers.has(client)) {
        const t = /^gates\/\+\/(status|ack|event)$/.test(sub.topic);
        return done(null, t ? sub : null);
      }
      const gateId = gateOf.get(client);
      if (gateId !== undefined && sub.topic === gateTopic(gateId, 'cmd')) return done(null, sub);
      log('warn', 'gate controller subscription refused', { gateId, topic: sub.topic });
      done(null, null);
    },
  });

  const server = net.createServer((socket) => aedes.handle(socket));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    await new Promise<void>((r) => aedes.close(() => r()));
    throw err;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const clients = () => (aedes as unknown as { clients: Record<string, Client> }).clients;

  return {
    port,
    kick(gateId) {
      clients()[`gate-${gateId}`]?.close();
    },
    connectedGateIds() {
      return Object.keys(clients())
        .map((id) => (id.startsWith('gate-') ? parseGateId(id.slice(5)) : null))
        .filter((n): n is number => n !== null);
    },
    async close() {
      const closed = new Promise<void>((r) => server.close(() => r()));
      await new Promise<void>((r) => aedes.close(() => r()));
      await closed;
    },
  };
}
