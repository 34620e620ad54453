import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@voltpark/contract';
import { serve } from '../../core/api.js';
import { ok } from '../../core/envelope.js';
import type { ModuleDeps } from '../index.js';
import { authorize, ensureDemoClient, exchangeCode, findClient, refresh } from './oauth.js';
import { registerSandboxClient } from './sandbox-client.js';

export function registerOAuthRoutes(app: FastifyInstance, { db, config }: ModuleDeps) {
  serve(app, apiRoutes.oauthClient, async ({ params }) => {
    const client = await findClient(db, params.id);
    return client
      ? ok({ name: client.name, showAuthorizePage: client.showAuthorizePage })
      : { ...ok(null), result: false };
  });

  serve(app, apiRoutes.oauthAuthorize, async ({ user, body }) =>
    ok(await authorize(db, user.id, body)),
  );

  serve(app, apiRoutes.oauthToken, async ({ body, reply }) => {
    const answer =
      body.grant_type === 'authorization_code'
        ? await exchangeCode(db, body)
        : await refresh(db, body);
    reply.header('Cache-Control', 'no-store');
    if (!answer.ok) return reply.status(answer.status).send({ error: answer.error });
    const { ok: _ok, ...tokens } = answer;
    return tokens;
  });

  if (config.mode === 'sandbox') {
    app.addHook('onReady', () => ensureDemoClient(db, config.publicUrl));
    registerSandboxClient(app, config.publicUrl);
  }
}
