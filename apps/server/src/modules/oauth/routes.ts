import type { FastifyInstance } from 'fastify';
import { apiRoutes, translateMessage } from '@voltpark/contract';
import { serve } from '../../core/api.js';
import { ok } from '../../core/envelope.js';
import type { ModuleDeps } from '../index.js';
import { authorize, ensureDemoClient, exchangeCode, findClient, refresh } from './oauth.js';
import { escapeHtml as esc } from '../../core/html.js';

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
    // Where the demo client app "lands": shows what a real client would receive.
    app.get('/sandbox/oauth-callback', async (req, reply) => {
      const q = req.query as { code?: string; state?: string; lang?: string };
      const lang = q.lang === 'en' ? 'en' : 'hu';
      const t = (k: string) => esc(translateMessage(k, lang));
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(
          `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t('oauth.demoTitle')}</title></head>` +
            `<body style="font-family:system-ui,sans-serif;max-width:700px;margin:0 auto;padding:16px"><p style="background:#fff3bf;border:2px solid #e67700;padding:12px;border-radius:8px;font-weight:600">SANDBOX</p>` +
            `<h1>${t('oauth.demoTitle')}</h1><p>${t('oauth.demoText')}</p><dl><dt>code</dt><dd data-testid="oauth-code">${esc(q.code ?? '')}</dd><dt>state</dt><dd data-testid="oauth-state">${esc(q.state ?? '')}</dd></dl></body></html>`,
        );
    });
  }
}
