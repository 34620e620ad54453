import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { translateMessage, type Lang } from '@voltpark/contract';
import { escapeHtml as esc } from '../../core/html.js';

export const DEMO_CLIENT_ID = 'demo-partner';
const FLOW_TTL_MS = 10 * 60_000;
const MAX_FLOWS = 1000;

/**
 * Sandbox only: the demo client app of /authorize, as an outside app would be. /sandbox/client
 * starts the flow (state and a PKCE verifier kept here, like a client's back end keeps them),
 * /sandbox/oauth-callback checks the state, exchanges the code at the token endpoint and reads
 * the user with the access token, and shows what it received.
 */
export function registerSandboxClient(app: FastifyInstance, publicUrl: string) {
  const flows = new Map<string, { verifier: string; lang: Lang; at: number }>();
  const callback = `${publicUrl}/sandbox/oauth-callback`;

  const langOf = (q: { lang?: string }): Lang => (q.lang === 'en' ? 'en' : 'hu');
  const page = (lang: Lang, body: string) => {
    const t = (k: string) => esc(translateMessage(k, lang));
    return (
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>SANDBOX · ${t('oauth.demoTitle')}</title></head>` +
      `<body style="font-family:system-ui,sans-serif;max-width:700px;margin:0 auto;padding:16px;overflow-wrap:anywhere"><p style="background:#fff3bf;border:2px solid #e67700;padding:12px;border-radius:8px;font-weight:600">SANDBOX</p>` +
      `<nav aria-label="Nyelv / Language"><a href="?lang=hu" lang="hu">Magyar</a> · <a href="?lang=en" lang="en">English</a></nav>` +
      `<h1>${t('oauth.demoTitle')}</h1>${body}</body></html>`
    );
  };
  const send = (reply: FastifyReply, html: string) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);

  app.get('/sandbox/client', async (req, reply) => {
    const lang = langOf(req.query as { lang?: string });
    const t = (k: string) => esc(translateMessage(k, lang));
    return send(
      reply,
      page(
        lang,
        `<p>${t('oauth.sandboxClientText')}</p><p><a data-testid="sandbox-client-start" href="/sandbox/client/start?lang=${lang}" style="display:inline-block;background:#0b7285;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${t('oauth.sandboxClientStart')}</a></p>`,
      ),
    );
  });

  app.get('/sandbox/client/start', async (req, reply) => {
    const lang = langOf(req.query as { lang?: string });
    const now = Date.now();
    for (const [k, f] of flows)
      if (now - f.at > FLOW_TTL_MS || flows.size >= MAX_FLOWS) flows.delete(k);
    const state = randomBytes(16).toString('base64url');
    const verifier = randomBytes(32).toString('base64url');
    flows.set(state, { verifier, lang, at: now });
    const target = new URLSearchParams({
      clientId: DEMO_CLIENT_ID,
      state,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      redirect_uri: callback,
    });
    return reply.header('Cache-Control', 'no-store').redirect(`/authorize?${target.toString()}`);
  });

  app.get('/sandbox/oauth-callback', async (req, reply) => {
    const q = req.query as { code?: string; state?: string; lang?: string };
    const flow = q.state ? flows.get(q.state) : undefined;
    if (flow) flows.delete(q.state!);
    const lang = q.lang ? langOf(q) : (flow?.lang ?? 'hu');
    const t = (k: string) => esc(translateMessage(k, lang));
    let body =
      `<p>${t('oauth.demoText')}</p><dl><dt>code</dt><dd data-testid="oauth-code">${esc(q.code ?? '')}</dd>` +
      `<dt>state</dt><dd data-testid="oauth-state">${esc(q.state ?? '')}</dd></dl>`;
    // A flow this page started: check the state, exchange the code, read the user.
    if (q.state !== undefined) {
      body += `<p data-testid="oauth-state-check">${t(flow ? 'oauth.sandboxStateOk' : 'oauth.sandboxStateBad')}</p>`;
    }
    if (flow && q.code) {
      const token = await app.inject({
        method: 'POST',
        url: '/api/v1/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'authorization_code',
          code: q.code,
          client_id: DEMO_CLIENT_ID,
          code_verifier: flow.verifier,
          redirect_uri: callback,
        }).toString(),
      });
      const answer = token.json() as {
        access_token?: string;
        token_type?: string;
        expires_in?: number;
      };
      if (token.statusCode === 200 && answer.access_token) {
        const me = await app.inject({
          url: '/api/v1/user/loggedin-user',
          headers: { authorization: `Bearer ${answer.access_token}`, 'x-lang': lang },
        });
        const email = (me.json() as { data?: { user?: { email?: string }; email?: string } }).data;
        const shown = email?.user?.email ?? email?.email ?? '';
        body +=
          `<p data-testid="oauth-token" style="color:#2b8a3e;font-weight:600">${t('oauth.sandboxTokenOk')}</p>` +
          `<dl><dt>token_type</dt><dd>${esc(answer.token_type ?? '')}</dd><dt>expires_in</dt><dd>${esc(String(answer.expires_in ?? ''))}</dd>` +
          `<dt>access_token</dt><dd>${esc(answer.access_token.slice(0, 6))}…</dd>` +
          `<dt>${t('oauth.sandboxUser')}</dt><dd data-testid="oauth-user">${esc(shown)}</dd></dl>`;
      } else {
        body += `<p data-testid="oauth-token" role="alert" style="color:#c92a2a;font-weight:600">${t('oauth.sandboxTokenFailed')}</p>`;
      }
    }
    body += `<p><a href="/sandbox/client?lang=${lang}">${t('oauth.sandboxAgain')}</a></p>`;
    return send(reply, page(lang, body));
  });
}
