import { sql } from 'drizzle-orm';
import { userTypeSchema, wsTopics, type UserType, type WsServerFrame } from '@voltpark/contract';
import type { Db } from '../../db/client.js';
import { forgetCachedSessions } from '../auth/session-cache.js';
import { endedSessionIds } from '../auth/sessions.js';
import type { Revocation } from './redis-bus.js';

/** A browser socket as the hub sees it. */
export interface HubClient {
  readonly userId: number;
  readonly sessionId: number;
  /** The user's types as the socket's authentication found them. */
  readonly userTypes: readonly string[];
  /** When the client last sent a frame (ms since the epoch). */
  readonly lastSeen: number;
  sendText(text: string): void;
  /** Tells the client its credential is no longer valid (/unauthorized) and closes. */
  endUnauthorized(): void;
  /** Drops a client that stopped answering. */
  terminate(): void;
}

/** How frames reach the other replicas: nowhere with one process, Redis with REDIS_URL. */
export interface UserBus {
  hold(userId: number): Promise<void>;
  release(userId: number): void;
  publish(userId: number, text: string): void;
  announceRevocation(r: Revocation): void;
  close(): void;
}

const singleProcess: UserBus = {
  hold: () => Promise.resolve(),
  release: () => {},
  publish: () => {},
  announceRevocation: () => {},
  close: () => {},
};

/** The authenticated sockets of this replica, by user, and the per-user publish API. */
export class RealtimeHub {
  private readonly byUser = new Map<number, Set<HubClient>>();
  /** The types each connected user's sockets were last told of (sorted, comma-joined). */
  private readonly knownTypes = new Map<number, string>();
  private typesCheck: Promise<void> | null = null;
  bus: UserBus = singleProcess;

  constructor(private readonly db: Db) {}

  /** Resolves once frames published for the user on any replica reach this socket. */
  async attach(client: HubClient): Promise<void> {
    let set = this.byUser.get(client.userId);
    if (!set) this.byUser.set(client.userId, (set = new Set()));
    set.add(client);
    if (!this.knownTypes.has(client.userId))
      this.knownTypes.set(client.userId, typesKey(client.userTypes));
    await this.bus.hold(client.userId);
  }

  detach(client: HubClient): void {
    const set = this.byUser.get(client.userId);
    if (!set?.delete(client) || set.size > 0) return;
    this.byUser.delete(client.userId);
    this.knownTypes.delete(client.userId);
    this.bus.release(client.userId);
  }

  /** Sends a frame to every socket of the user, on whichever replica it is held. */
  publishToUser(userId: number, frame: WsServerFrame): void {
    const text = JSON.stringify(frame);
    this.deliver(userId, text);
    this.bus.publish(userId, text);
  }

  /** Delivers to this replica's sockets of the user. */
  deliver(userId: number, text: string): void {
    const set = this.byUser.get(userId);
    if (set) for (const c of set) c.sendText(text);
  }

  get connectedUsers(): number {
    return this.byUser.size;
  }

  /** A session was revoked here: end its sockets here and on the other replicas. */
  revoked(r: Revocation): Promise<void> {
    this.bus.announceRevocation(r);
    return this.recheck(r);
  }

  /** Ends the sockets (of the revocation, or all) whose session is no longer valid. */
  async recheck(r?: Revocation): Promise<void> {
    const clients: HubClient[] = [];
    if (r && 'userId' in r) clients.push(...(this.byUser.get(r.userId) ?? []));
    else
      for (const set of this.byUser.values())
        for (const c of set) if (!r || c.sessionId === r.sessionId) clients.push(c);
    if (clients.length === 0) return;
    const ended = await endedSessionIds(this.db, [...new Set(clients.map((c) => c.sessionId))]);
    for (const c of clients) if (ended.has(c.sessionId)) c.endUnauthorized();
  }

  /**
   * Reads the types of every user with a socket here and tells the sockets of those whose types
   * changed (`/user/types`), so a role given or taken by the operator's CLI, another process,
   * shows in signed-in browsers within one period. This replica's cached sessions of the user
   * are dropped too, so its next API call sees the change. Each replica checks its own sockets;
   * overlapping runs are not started.
   */
  checkTypes(): Promise<void> {
    this.typesCheck ??= this.readTypes().finally(() => (this.typesCheck = null));
    return this.typesCheck;
  }

  private async readTypes(): Promise<void> {
    const known = [...this.knownTypes].map(([id, key]) => ({ id, key }));
    for (let i = 0; i < known.length; i += TYPES_BATCH) {
      // The known types go as one JSON parameter and only the users whose types differ come
      // back: with 10,000 sockets, reading every user's types each period cost the event loop
      // a burst every 3 s that delayed the API calls behind it (decision 0053). The current
      // keys EXCEPT the known ones: a hashed set operation whatever the planner believes of the
      // table (decision 0060).
      const slice = known.slice(i, i + TYPES_BATCH);
      const ids = `{${slice.map((k) => k.id).join(',')}}`;
      const result = await this.db.execute(sql`
        with changed as (
          select id, key from (
            select u.id, array_to_string(
              array(select t from unnest(u.types) as t order by t collate "C"), ','
            ) as key
            from users u where u.id = any(${ids}::integer[])
          ) as stored
          except all
          select k.id, k.key
          from json_to_recordset(${JSON.stringify(slice)}::json) as k(id integer, key text)
        )
        select u.id, u.types from changed join users u on u.id = changed.id`);
      for (const row of (result as unknown as { rows: { id: number; types: string[] }[] }).rows) {
        const key = typesKey(row.types);
        if (!this.knownTypes.has(row.id) || this.knownTypes.get(row.id) === key) continue;
        this.knownTypes.set(row.id, key);
        forgetCachedSessions(row.id);
        const frame: WsServerFrame = {
          topic: wsTopics.userTypes,
          data: { types: row.types.filter(isUserType) },
        };
        this.deliver(row.id, JSON.stringify(frame));
      }
    }
  }

  /** Every socket of this replica (for the sweep and shutdown). */
  *clients(): Iterable<HubClient> {
    for (const set of this.byUser.values()) yield* set;
  }
}

/** Users per query of the types check (well under PostgreSQL's parameter limit). */
const TYPES_BATCH = 5000;

/** The types sorted by code point (as `collate "C"` sorts them in readTypes) and comma-joined. */
function typesKey(types: readonly string[]): string {
  return [...types].sort().join(',');
}

function isUserType(t: string): t is UserType {
  return (userTypeSchema.options as readonly string[]).includes(t);
}
