import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ModuleDeps } from '../index.js';
import { depositRequestSchema, referencePattern } from '../loyalty/online-wallet/wire.js';
import { accountExists, depositByReference, recordDeposit, sandboxTags } from './partner.js';

export const SANDBOX_PREFIX = '/sandbox/online-wallet/api/v1';

/**
 * The online-wallet partner's emulator (wire.ts), mounted in sandbox mode only. The loyalty
 * module reaches it over HTTP like the real partner. Its state is in the online_wallet_sandbox_*
 * tables; e-mail tags choose refusals and failures (partner.ts, README.md).
 */
export function registerOnlineWalletSandbox(app: FastifyInstance, { config, db }: ModuleDeps) {
  if (config.mode !== 'sandbox') return;
  const key = Buffer.from(config.onlineWallet.apiKey);

  const authorized = (req: FastifyRequest, reply: FastifyReply): boolean => {
    const header = req.headers.authorization ?? '';
    const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
    if (given.length === key.length && timingSafeEqual(given, key)) return true;
    void reply.status(401).send({ error: 'UNAUTHORIZED' });
    return false;
  };
  const badRequest = (reply: FastifyReply) =>
    reply.status(422).send({ status: 'REFUSED', code: 'INVALID_REQUEST' });

  app.get(`${SANDBOX_PREFIX}/accounts/exists`, async (req, reply) => {
    if (!authorized(req, reply)) return reply;
    const email = (req.query as { email?: unknown }).email;
    if (typeof email !== 'string' || !email.includes('@')) return badRequest(reply);
    if (sandboxTags(email).down) return reply.status(503).send({ error: 'UNAVAILABLE' });
    return { exists: await accountExists(db, email) };
  });

  app.put(`${SANDBOX_PREFIX}/deposits/:reference`, async (req, reply) => {
    if (!authorized(req, reply)) return reply;
    const { reference } = req.params as { reference: string };
    const body = depositRequestSchema.safeParse(req.body);
    if (!referencePattern.test(reference) || !body.success) return badRequest(reply);
    const tags = sandboxTags(body.data.email);
    if (tags.down) return reply.status(503).send({ error: 'UNAVAILABLE' });
    const { repeat, ...answer } = await recordDeposit(db, reference, body.data).then((a) =>
      a.status === 'ACCEPTED' ? a : { ...a, repeat: false },
    );
    // +slow: a new deposit is answered late; a repeat of a recorded one at once.
    if (tags.slow && !repeat) await sleep(config.onlineWallet.sandboxSlowMs);
    return reply.status(answer.status === 'ACCEPTED' ? 200 : 422).send(answer);
  });

  app.get(`${SANDBOX_PREFIX}/deposits/:reference`, async (req, reply) => {
    if (!authorized(req, reply)) return reply;
    const { reference } = req.params as { reference: string };
    if (!referencePattern.test(reference)) return badRequest(reply);
    const row = await depositByReference(db, reference);
    if (!row) return reply.status(404).send({ status: 'UNKNOWN' });
    return { status: 'ACCEPTED', depositId: `OW-${row.id}`, reference };
  });
}
