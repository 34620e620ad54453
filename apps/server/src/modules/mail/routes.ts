import type { FastifyInstance, FastifyRequest } from 'fastify';
import { translateMessage, type Lang } from '@voltpark/contract';
import { z } from 'zod';
import type { ModuleDeps } from '../index.js';
import type { MailAttachment } from '../../db/schema/accounts.js';
import { listMailbox, readMail } from './outbox.js';
import { escapeHtml as esc } from '../../core/html.js';

function pageLang(req: FastifyRequest): Lang {
  const q = (req.query as { lang?: string }).lang;
  if (q === 'en' || q === 'hu') return q;
  return (req.headers['accept-language'] ?? '').toLowerCase().startsWith('hu') ? 'hu' : 'en';
}

function page(lang: Lang, body: string) {
  const t = (k: string) => esc(translateMessage(k, lang));
  const other = lang === 'hu' ? 'en' : 'hu';
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${t('mailbox.title')} · Voltpark</title>
<style>body{font-family:system-ui,sans-serif;margin:0 auto;max-width:900px;padding:16px;color:#1a1b1e}
.banner{background:#fff3bf;border:2px solid #e67700;padding:12px;border-radius:8px;font-weight:600}
table{border-collapse:collapse;width:100%;margin-top:16px}th,td{text-align:left;padding:8px;border-bottom:1px solid #ced4da}
a{color:#0b5394}a:focus-visible{outline:3px solid #1c7ed6;outline-offset:2px}
iframe{width:100%;height:70vh;border:1px solid #ced4da;border-radius:8px;margin-top:12px}</style></head>
<body><header><p class="banner">SANDBOX — ${t('mailbox.notice')}</p>
<p><a href="?lang=${other}" lang="${other}">${t('mailbox.language')}</a></p></header><main>${body}</main></body></html>`;
}

function attachmentList(id: number, files: MailAttachment[], title: string) {
  if (files.length === 0) return '';
  const items = files
    .map(
      (f, i) =>
        `<li><a href="/sandbox/mailbox/${id}/attachment/${i}" target="_blank" rel="noopener">${esc(f.filename)}</a></li>`,
    )
    .join('');
  return `<h2>${title}</h2><ul>${items}</ul>`;
}

/**
 * The sandbox mailbox: without SMTP_URL no mail leaves the machine, so a person trying the
 * product reads activation and reset mails here. Not mounted in production or with SMTP.
 */
export function registerMailboxRoutes(app: FastifyInstance, { db, config }: ModuleDeps) {
  if (config.mode !== 'sandbox' || config.smtpUrl) return;

  app.get('/sandbox/mailbox', async (req, reply) => {
    const lang = pageLang(req);
    const t = (k: string) => esc(translateMessage(k, lang));
    const mails = await listMailbox(db);
    const fmt = new Intl.DateTimeFormat(lang === 'hu' ? 'hu-HU' : 'en-GB', {
      dateStyle: 'short',
      timeStyle: 'medium',
      timeZone: 'Europe/Budapest',
    });
    const rows = mails
      .map(
        (m) =>
          `<tr><td>${esc(fmt.format(m.createdAt))}</td><td>${esc(m.toAddress)}</td>` +
          `<td><a href="/sandbox/mailbox/${m.id}?lang=${lang}">${esc(m.subject)}</a></td></tr>`,
      )
      .join('');
    const body = `<h1>${t('mailbox.title')}</h1>${
      mails.length === 0
        ? `<p>${t('mailbox.empty')}</p>`
        : `<table><thead><tr><th scope="col">${t('mailbox.sentAt')}</th><th scope="col">${t('mailbox.to')}</th><th scope="col">${t('mailbox.subject')}</th></tr></thead><tbody>${rows}</tbody></table>`
    }`;
    return reply
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page(lang, body));
  });

  // An attachment (an invoice's PDF) as the mail carries it.
  app.get('/sandbox/mailbox/:id/attachment/:index', async (req, reply) => {
    const params = z
      .object({
        id: z.coerce.number().int().positive().max(2_147_483_647),
        index: z.coerce.number().int().min(0).max(20),
      })
      .safeParse(req.params);
    const mail = params.success ? await readMail(db, params.data.id) : null;
    const file = params.success ? mail?.attachments?.[params.data.index] : undefined;
    if (!file) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', `inline; filename="${file.filename.replace(/"/g, '')}"`)
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .type(file.contentType)
      .send(Buffer.from(file.contentBase64, 'base64'));
  });

  app.get('/sandbox/mailbox/:id', async (req, reply) => {
    const lang = pageLang(req);
    const t = (k: string) => esc(translateMessage(k, lang));
    const id = z.coerce
      .number()
      .int()
      .positive()
      .max(2_147_483_647)
      .safeParse((req.params as { id: string }).id);
    const mail = id.success ? await readMail(db, id.data) : null;
    if (!mail) {
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .send(
          page(
            lang,
            `<h1>${t('mailbox.title')}</h1><p>${t('mailbox.notFound')}</p><p><a href="/sandbox/mailbox?lang=${lang}">${t('mailbox.back')}</a></p>`,
          ),
        );
    }
    const body = `<p><a href="/sandbox/mailbox?lang=${lang}">${t('mailbox.back')}</a></p>
<h1>${esc(mail.subject)}</h1><p>${t('mailbox.to')}: ${esc(mail.toAddress)}</p>
<iframe title="${esc(mail.subject)}" sandbox="allow-popups allow-top-navigation-by-user-activation" srcdoc="${esc(mail.htmlBody.replace(/<a /g, '<a target="_top" '))}"></iframe>
<details><summary>${t('mailbox.plainText')}</summary><pre style="white-space:pre-wrap">${esc(mail.textBody)}</pre></details>${attachmentList(mail.id, mail.attachments ?? [], t('mailbox.attachments'))}`;
    return reply
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page(lang, body));
  });
}
