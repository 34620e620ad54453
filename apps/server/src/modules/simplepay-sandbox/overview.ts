import type { FastifyInstance, FastifyRequest } from 'fastify';
import { desc } from 'drizzle-orm';
import type { Lang } from '@voltpark/contract';
import type { Db } from '../../db/client.js';
import { sandboxSpIpnQueue, sandboxSpTransactions } from '../../db/schema/index.js';
import { esc, formatAmount, formatTime, page, PAGE_CSP, translator } from './html.js';
import { PAGES_PREFIX } from './pages.js';
import { applyTimeTransitions } from './state.js';

function pageLang(req: FastifyRequest): Lang {
  const q = (req.query as { lang?: string }).lang;
  if (q === 'en' || q === 'hu') return q;
  return (req.headers['accept-language'] ?? '').toLowerCase().startsWith('hu') ? 'hu' : 'en';
}

/** Sandbox-only: the latest transactions and IPN deliveries the emulator handled. */
export function registerSandboxOverview(app: FastifyInstance, { db }: { db: Db }) {
  app.get(PAGES_PREFIX, async (req, reply) => {
    const lang = pageLang(req);
    const t = translator(lang);
    await applyTimeTransitions(db);
    const txs = await db
      .select()
      .from(sandboxSpTransactions)
      .orderBy(desc(sandboxSpTransactions.id))
      .limit(50);
    const ipns = await db
      .select()
      .from(sandboxSpIpnQueue)
      .orderBy(desc(sandboxSpIpnQueue.id))
      .limit(50);
    const txRows = txs
      .map(
        (tx) =>
          `<tr><td>${tx.id}</td><td>${esc(formatTime(tx.createdAt, lang))}</td><td>${esc(tx.merchant)}</td>` +
          `<td>${esc(tx.orderRef)}</td><td>${esc(tx.kind)}${tx.twoStep ? ' · twoStep' : ''}</td>` +
          `<td>${esc(formatAmount(tx.total, tx.currency))}${
            tx.capturedTotal !== null && tx.capturedTotal !== tx.total
              ? ` → ${esc(formatAmount(tx.capturedTotal, tx.currency))}`
              : ''
          }${tx.refundedTotal > 0 ? ` (−${esc(formatAmount(tx.refundedTotal, tx.currency))})` : ''}</td>` +
          `<td>${esc(tx.status)}${tx.resultCode ? ` (${tx.resultCode})` : ''}</td></tr>`,
      )
      .join('');
    const ipnRows = ipns
      .map(
        (m) =>
          `<tr><td>${m.transactionId}</td><td>${esc(m.url)}</td><td>${m.attempts}</td>` +
          `<td>${m.deliveredAt ? esc(formatTime(m.deliveredAt, lang)) : m.failedAt ? '✗' : '…'}</td>` +
          `<td>${esc(m.lastError ?? '')}</td></tr>`,
      )
      .join('');
    const body = `<h1>${t('sandboxPay.overview.title')}</h1>
<h2>${t('sandboxPay.overview.transactions')}</h2>
${
  txs.length === 0
    ? `<p>${t('sandboxPay.overview.empty')}</p>`
    : `<div style="overflow-x:auto" tabindex="0" role="region" aria-label="${t('sandboxPay.overview.transactions')}"><table><thead><tr><th scope="col">${t('sandboxPay.transactionId')}</th><th scope="col">${t('sandboxPay.overview.created')}</th><th scope="col">${t('sandboxPay.merchant')}</th><th scope="col">${t('sandboxPay.orderRef')}</th><th scope="col">API</th><th scope="col">${t('sandboxPay.amount')}</th><th scope="col">${t('sandboxPay.overview.status')}</th></tr></thead><tbody>${txRows}</tbody></table></div>`
}
<h2>${t('sandboxPay.overview.ipn')}</h2>
${
  ipns.length === 0
    ? `<p>${t('sandboxPay.overview.empty')}</p>`
    : `<div style="overflow-x:auto" tabindex="0" role="region" aria-label="${t('sandboxPay.overview.ipn')}"><table><thead><tr><th scope="col">${t('sandboxPay.transactionId')}</th><th scope="col">${t('sandboxPay.overview.address')}</th><th scope="col">${t('sandboxPay.overview.attempts')}</th><th scope="col">${t('sandboxPay.overview.delivered')}</th><th scope="col">${t('sandboxPay.overview.lastError')}</th></tr></thead><tbody>${ipnRows}</tbody></table></div>`
}`;
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', PAGE_CSP)
      .type('text/html; charset=utf-8')
      .send(
        page(
          lang,
          t('sandboxPay.overview.title'),
          body,
          `${PAGES_PREFIX}?lang=${lang === 'hu' ? 'en' : 'hu'}`,
        ),
      );
  });
}
