import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { readCredentials } from './credentials.js';
import { resolveUser, type AuthUser } from './sessions.js';

const resolved = new WeakMap<FastifyRequest, Promise<AuthUser | null>>();

/** Lets every route (and the websocket) find its caller from the Authorization header. */
export function installAuthentication(app: FastifyInstance, db: Db) {
  app.decorate('authenticate', (req: FastifyRequest) => {
    let user = resolved.get(req);
    if (!user) {
      const creds = readCredentials(req.headers.authorization);
      user = creds ? resolveUser(db, creds) : Promise.resolve(null);
      resolved.set(req, user);
    }
    return user;
  });
}
