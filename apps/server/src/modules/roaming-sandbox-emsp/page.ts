import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { translateMessage, type Lang } from '@voltpark/contract';
import type { Cdr } from '@voltpark/contract/ocpi/cdrs';
import type { Location } from '@voltpark/contract/ocpi/locations';
import type { Session } from '@voltpark/contract/ocpi/sessions';
import { escapeHtml as esc } from '../../core/html.js';
import type { EmspEmulatorContext } from './context.js';
import { VOLTDRIVE, VOLTDRIVE_TOKENS } from './party.js';
import { platformRow } from './platform-row.js';
import { startSession, stopSession } from './send-commands.js';
import { listObjects } from './store.js';
import { recentCommands } from './command-log.js';
import { commandRows } from './page-commands.js';

export const SANDBOX_EMSP_PAGE = '/sandbox/roaming-emsp';

function pageLang(req: FastifyRequest): Lang {
  const q = (req.query as { lang?: string }).lang;
  if (q === 'en' || q === 'hu') return q;
  return (req.headers['accept-language'] ?? 'hu').toLowerCase().startsWith('en') ? 'en' : 'hu';
}

const forints = (n: number | undefined) =>
  n === undefined
    ? '—'
    : `${new Intl.NumberFormat('hu-HU', { maximumFractionDigits: 0 }).format(Math.round(n))} Ft`;

function page(lang: Lang, body: string) {
  const t = (k: string) => esc(translateMessage(k, lang));
  const other = lang === 'hu' ? 'en' : 'hu';
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${t('sandboxEmsp.title')} · Voltpark</title>
<style>body{font-family:system-ui,sans-serif;margin:0 auto;max-width:960px;padding:16px;color:#1a1b1e}
.banner{background:#fff3bf;border:2px solid #e67700;padding:12px;border-radius:8px;font-weight:600}
/* a wide table scrolls in its own box on a phone; the page itself does not */
.scroll{overflow-x:auto}table{border-collapse:collapse;width:100%;margin-top:8px}th,td{text-align:left;padding:6px;border-bottom:1px solid #ced4da}
a{color:#0b5394}button{padding:6px 12px}:focus-visible{outline:3px solid #1c7ed6;outline-offset:2px}</style></head>
<body><header><p class="banner">SANDBOX — ${t('sandboxEmsp.notice')}</p>
<p><a href="?lang=${other}" lang="${other}">${t('sandboxEmsp.language')}</a></p></header><main>${body}</main></body></html>`;
}

const resultSchema = z.enum(['ACCEPTED', 'REJECTED', 'NOT_SUPPORTED', 'UNKNOWN_SESSION', 'FAILED']);

/**
 * The sandbox page of the eMSP emulator (hu default, en): our locations as VoltDrive received
 * them, a start button (with one of its drivers' cards) at every AVAILABLE EVSE, and the
 * Sessions and CDRs it got, a stop button at every running Session, and the commands it sent
 * with our answer and the charger's result. Everything it does goes over OCPI to our Commands
 * Receiver.
 */
export function registerEmspPage(app: FastifyInstance, ctx: EmspEmulatorContext): void {
  app.get(SANDBOX_EMSP_PAGE, async (req, reply) => {
    const lang = pageLang(req);
    const t = (k: string) => esc(translateMessage(k, lang));
    const q = req.query as { result?: string };
    const result = resultSchema.safeParse(q.result);
    const platform = await platformRow(ctx.db);
    const [locations, sessions, cdrs, commands] = await Promise.all([
      listObjects<Location>(ctx.db, 'LOCATION'),
      listObjects<Session>(ctx.db, 'SESSION'),
      listObjects<Cdr>(ctx.db, 'CDR'),
      recentCommands(ctx.db),
    ]);
    const tokenOptions = VOLTDRIVE_TOKENS.map(
      (tk) => `<option value="${esc(tk.uid)}">${esc(tk.visual_number ?? tk.uid)}</option>`,
    ).join('');
    const evseRows = locations.flatMap((l) =>
      (l.evses ?? []).map((e) => {
        const start =
          e.status === 'AVAILABLE'
            ? `<form method="post" action="${SANDBOX_EMSP_PAGE}/start?lang=${lang}">
<input type="hidden" name="location_id" value="${esc(l.id)}"><input type="hidden" name="evse_uid" value="${esc(e.uid)}">
<label>${t('sandboxEmsp.driver')} <select name="token_uid">${tokenOptions}</select></label>
<button type="submit">${t('sandboxEmsp.start')}</button></form>`
            : '';
        return `<tr><td>${esc(l.name ?? l.id)}, ${esc(l.city)}</td><td>${esc(e.evse_id ?? e.uid)}</td><td>${esc(e.status)}</td><td>${start}</td></tr>`;
      }),
    );
    const sessionRows = sessions.map((s) => {
      const stop =
        s.status === 'ACTIVE' || s.status === 'PENDING'
          ? `<form method="post" action="${SANDBOX_EMSP_PAGE}/stop?lang=${lang}"><input type="hidden" name="session_id" value="${esc(s.id)}"><button type="submit">${t('sandboxEmsp.stop')}</button></form>`
          : '';
      return `<tr><td>${esc(s.id)}</td><td>${esc(s.cdr_token.uid)}</td><td>${esc(s.evse_uid)}</td><td>${esc(s.status)}</td><td>${s.kwh.toFixed(2)} kWh</td><td>${forints(s.total_cost?.incl_vat)}</td><td>${stop}</td></tr>`;
    });
    const cdrRows = cdrs.map(
      (c) =>
        `<tr><td>${esc(c.id)}</td><td>${esc(c.session_id ?? '')}</td><td>${esc(c.cdr_token.uid)}</td><td>${c.total_energy.toFixed(2)} kWh</td><td>${forints(c.total_cost.incl_vat)}</td></tr>`,
    );
    // A table wider than a phone scrolls in a box a keyboard can reach too (axe).
    const table = (head: string[], rows: string[], empty: string, label: string) =>
      rows.length === 0
        ? `<p>${t(empty)}</p>`
        : `<div class="scroll" tabindex="0" role="region" aria-label="${t(label)}"><table><thead><tr>${head.map((h) => `<th scope="col">${t(h)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
    const body = `<h1>${t('sandboxEmsp.title')}</h1>
<p>${esc(VOLTDRIVE.name)} (${VOLTDRIVE.countryCode}/${VOLTDRIVE.partyId}) — ${t(platform?.status === 'REGISTERED' ? 'sandboxEmsp.registered' : 'sandboxEmsp.notRegistered')}</p>
${result.success ? `<p role="status">${t('sandboxEmsp.answer')}: ${esc(result.data)}</p>` : ''}
<h2>${t('sandboxEmsp.commands')}</h2>
${table(['sandboxEmsp.sentAt', 'sandboxEmsp.command', 'sandboxEmsp.about', 'sandboxEmsp.response', 'sandboxEmsp.result'], commandRows(commands, lang), 'sandboxEmsp.noCommands', 'sandboxEmsp.commands')}
<h2>${t('sandboxEmsp.locations')}</h2>
${table(['sandboxEmsp.location', 'sandboxEmsp.evse', 'sandboxEmsp.status', 'sandboxEmsp.action'], evseRows, 'sandboxEmsp.noLocations', 'sandboxEmsp.locations')}
<h2>${t('sandboxEmsp.sessions')}</h2>
${table(['sandboxEmsp.session', 'sandboxEmsp.card', 'sandboxEmsp.evse', 'sandboxEmsp.status', 'sandboxEmsp.energy', 'sandboxEmsp.cost', 'sandboxEmsp.action'], sessionRows, 'sandboxEmsp.noSessions', 'sandboxEmsp.sessions')}
<h2>${t('sandboxEmsp.cdrs')}</h2>
${table(['sandboxEmsp.cdr', 'sandboxEmsp.session', 'sandboxEmsp.card', 'sandboxEmsp.energy', 'sandboxEmsp.cost'], cdrRows, 'sandboxEmsp.noCdrs', 'sandboxEmsp.cdrs')}`;
    return reply
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page(lang, body));
  });

  const back = (req: FastifyRequest, result: string) =>
    `${SANDBOX_EMSP_PAGE}?lang=${pageLang(req)}&result=${encodeURIComponent(result)}`;

  const startForm = z.object({
    location_id: z.string().min(1).max(36),
    evse_uid: z.string().min(1).max(36),
    token_uid: z.string().min(1).max(36),
  });
  app.post(`${SANDBOX_EMSP_PAGE}/start`, async (req, reply) => {
    const form = startForm.safeParse(req.body);
    if (!form.success) return reply.redirect(back(req, 'REJECTED'), 303);
    try {
      const r = await startSession(ctx, {
        tokenUid: form.data.token_uid,
        locationId: form.data.location_id,
        evseUid: form.data.evse_uid,
      });
      return reply.redirect(back(req, r.result), 303);
    } catch (err) {
      req.log.warn({ err }, 'the eMSP emulator page could not start a session');
      return reply.redirect(back(req, 'FAILED'), 303);
    }
  });

  const stopForm = z.object({ session_id: z.string().min(1).max(36) });
  app.post(`${SANDBOX_EMSP_PAGE}/stop`, async (req, reply) => {
    const form = stopForm.safeParse(req.body);
    if (!form.success) return reply.redirect(back(req, 'REJECTED'), 303);
    try {
      const r = await stopSession(ctx, form.data.session_id);
      return reply.redirect(back(req, r.result), 303);
    } catch (err) {
      req.log.warn({ err }, 'the eMSP emulator page could not stop a session');
      return reply.redirect(back(req, 'FAILED'), 303);
    }
  });
}
