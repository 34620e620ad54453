import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { UserBus } from './hub.js';

const userChannel = (userId: number) => `voltpark:ws:user:${userId}`;
/** Every replica hears of each session revocation and ends the sockets it holds for it. */
const revokedChannel = 'voltpark:ws:revoked';

export type Revocation = { sessionId: number } | { userId: number };

/**
 * Frames for a user across replicas (REDIS_URL), after the OCPP command router: a replica
 * holding a user's sockets subscribes to that user's channel; a frame published on any replica
 * goes there too. A message is "<instance id>\n<frame>", so the sender skips its own (it has
 * already delivered it to its local sockets) and the frame is not parsed again.
 */
export class RedisUserBus implements UserBus {
  readonly instanceId = randomUUID();
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly held = new Map<number, Promise<void>>();

  constructor(
    url: string,
    private readonly onFrame: (userId: number, text: string) => void,
    private readonly onRevoked: (r: Revocation) => void,
    private readonly log: FastifyBaseLogger,
  ) {
    this.pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    this.sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    this.pub.on('error', (err) => this.log.warn({ err }, 'redis (websocket frames)'));
    this.sub.on('error', (err) => this.log.warn({ err }, 'redis (websocket frames)'));
    this.sub.on('message', (channel: string, raw: string) => this.onMessage(channel, raw));
  }

  async start(): Promise<void> {
    await Promise.all([this.pub.connect(), this.sub.connect()]);
    await this.sub.subscribe(revokedChannel);
  }

  close(): void {
    this.held.clear();
    this.pub.disconnect();
    this.sub.disconnect();
  }

  hold(userId: number): Promise<void> {
    let subscribed = this.held.get(userId);
    if (!subscribed) {
      subscribed = this.sub.subscribe(userChannel(userId)).then(
        () => undefined,
        (err: unknown) => this.log.warn({ err, userId }, 'redis subscribe (websocket)'),
      );
      this.held.set(userId, subscribed);
    }
    return subscribed;
  }

  release(userId: number): void {
    if (!this.held.delete(userId)) return;
    void this.sub.unsubscribe(userChannel(userId)).catch(() => {});
  }

  publish(userId: number, text: string): void {
    void this.pub
      .publish(userChannel(userId), `${this.instanceId}\n${text}`)
      .catch((err: unknown) => this.log.warn({ err, userId }, 'redis publish (websocket)'));
  }

  announceRevocation(r: Revocation): void {
    void this.pub
      .publish(revokedChannel, `${this.instanceId}\n${JSON.stringify(r)}`)
      .catch((err: unknown) => this.log.warn({ err }, 'redis publish (session revoked)'));
  }

  private onMessage(channel: string, raw: string): void {
    const newline = raw.indexOf('\n');
    if (newline < 0 || raw.slice(0, newline) === this.instanceId) return;
    const body = raw.slice(newline + 1);
    if (channel === revokedChannel) {
      try {
        this.onRevoked(JSON.parse(body) as Revocation);
      } catch {
        // not ours
      }
      return;
    }
    const userId = Number(channel.slice(userChannel(0).length - 1));
    if (Number.isSafeInteger(userId)) this.onFrame(userId, body);
  }
}
