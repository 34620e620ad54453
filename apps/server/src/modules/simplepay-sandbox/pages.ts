import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { translateMessage, type Lang } from '@voltpark/contract';
import type { Db } from '../../db/client.js';
import { sandboxSpTransactions } from '../../db/schema/index.js';
import { BackResult } from './codes.js';
import { esc, formatAmount, formatTime, page, PAGE_CSP, translator } from './html.js';
import type { SandboxMerchant } from './merchants.js';
import {
  applyTimeTransitions,
  backEventOf,
  backRedirectUrl,
  closePayment,
  completePayment,
  isPastTimeout,
  isRegistration,
  type SandboxTransaction,
} from './state.js';
import { maskCard } from './wire.js';
import { simplePayTime } from '../payments/simplepay/time.js';

export const PAGES_PREFIX = '/sandbox/simplepay';

/** The test cards of the pay page and what each does. */
export const TEST_CARDS = {
  pays: '4908366099900425',
  threeDs: '4111111111111111',
  insufficientFunds: '4000000000000002',
  expired: '4000000000000069',
} as const;
/** SimplePay sandbox 3-D Secure challenge codes. */
export const CHALLENGE_OK = '1234';
export const CHALLENGE_FAIL = '1111';

export interface PageDeps {
  db: Db;
  merchants: ReadonlyMap<string, SandboxMerchant>;
  ipnQueued: () => void;
}

type Form = Record<string, string | undefined>;
type FieldErrors = Partial<Record<'cardNumber' | 'expiry' | 'cvc' | 'cardName', string>>;

const spaced = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

function langOf(req: FastifyRequest, tx: SandboxTransaction | undefined): Lang {
  const q = (req.query as { lang?: string }).lang ?? (req.body as Form | undefined)?.lang;
  if (q === 'hu' || q === 'en') return q;
  if (tx) return tx.language === 'HU' ? 'hu' : 'en';
  return (req.headers['accept-language'] ?? '').toLowerCase().startsWith('hu') ? 'hu' : 'en';
}

function sameToken(given: string | undefined, expected: string | null): boolean {
  if (!given || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .header('Cache-Control', 'no-store')
    .header('Content-Security-Policy', PAGE_CSP)
    .type('text/html; charset=utf-8')
    .send(body);
}

/** Checks an entered expiry `MM/YY`; returns the end of that month, or null. */
export function parseExpiry(value: string): Date | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return null;
  // The last second of that month, Budapest time.
  const nextMonthUtc = Date.UTC(year, month, 1);
  const offset = /([+-])(\d\d):(\d\d)$/.exec(simplePayTime(new Date(nextMonthUtc)))!;
  const offsetMs =
    (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) * 60_000;
  const end = new Date(nextMonthUtc - offsetMs - 1000);
  return end.getTime() < Date.now() ? null : end;
}

function summaryRow(t: ReturnType<typeof translator>, tx: SandboxTransaction, lang: Lang) {
  return `<dl>
<dt>${t('sandboxPay.merchant')}</dt><dd>${esc(tx.merchant)}</dd>
<dt>${t('sandboxPay.orderRef')}</dt><dd>${esc(tx.orderRef)}</dd>
<dt>${t('sandboxPay.transactionId')}</dt><dd>${tx.id}</dd>
<dt>${t('sandboxPay.amount')}</dt><dd class="amount">${esc(formatAmount(tx.total, tx.currency))}</dd>
<dt>${t('sandboxPay.deadline')}</dt><dd>${esc(formatTime(tx.timeoutAt, lang))}</dd>
</dl>`;
}

function payForm(
  lang: Lang,
  tx: SandboxTransaction,
  action: string,
  values: Form = {},
  errors: FieldErrors = {},
): string {
  const t = translator(lang);
  const cards: [string, string][] = [
    [TEST_CARDS.pays, 'sandboxPay.card.pays'],
    [TEST_CARDS.threeDs, 'sandboxPay.card.threeDs'],
    [TEST_CARDS.insufficientFunds, 'sandboxPay.card.insufficient'],
    [TEST_CARDS.expired, 'sandboxPay.card.expired'],
  ];
  const errorList = Object.entries(errors)
    .map(([field, message]) => `<li><a href="#${field}">${esc(message)}</a></li>`)
    .join('');
  const field = (name: keyof FieldErrors, label: string, attrs: string, keepValue = true) => {
    const error = errors[name];
    const value = keepValue ? (values[name] ?? '') : '';
    return `<label for="${name}">${t(label)}</label>
<input id="${name}" name="${name}" value="${esc(value)}" ${attrs}${
      error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''
    }>${error ? `<p class="error" id="${name}-error">${esc(error)}</p>` : ''}`;
  };
  return `<h1>${t('sandboxPay.title')}</h1>
${summaryRow(t, tx, lang)}
${tx.twoStep ? `<p class="note">${t('sandboxPay.twoStep')}</p>` : ''}
${isRegistration(tx) ? `<p class="note">${t('sandboxPay.registration')}</p>` : ''}
<section aria-labelledby="cards-title"><h2 id="cards-title">${t('sandboxPay.testCards')}</h2>
<table><thead><tr><th scope="col">${t('sandboxPay.cardColumn')}</th><th scope="col">${t('sandboxPay.outcomeColumn')}</th></tr></thead>
<tbody>${cards.map(([n, k]) => `<tr><td><code>${spaced(n)}</code></td><td>${t(k)}</td></tr>`).join('')}</tbody></table>
<p class="note">${t('sandboxPay.testCardsHint')}</p></section>
${errorList ? `<div class="summary" role="alert" tabindex="-1" id="error-summary"><p><strong>${t('sandboxPay.errorSummary')}</strong></p><ul>${errorList}</ul></div>` : ''}
<form method="post" action="${esc(action)}" novalidate>
<input type="hidden" name="formToken" value="${esc(tx.formToken ?? '')}">
<input type="hidden" name="lang" value="${lang}">
<fieldset><legend>${t('sandboxPay.formTitle')}</legend>
${field('cardNumber', 'sandboxPay.cardNumber', 'inputmode="numeric" autocomplete="cc-number" required')}
${field('expiry', 'sandboxPay.expiry', 'inputmode="numeric" autocomplete="cc-exp" required')}
${field('cvc', 'sandboxPay.cvc', 'inputmode="numeric" autocomplete="cc-csc" maxlength="4" required', false)}
${field('cardName', 'sandboxPay.cardName', 'autocomplete="cc-name" required')}
</fieldset>
<div class="actions">
<button type="submit" name="action" value="pay" class="primary">${t('sandboxPay.pay')}</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>${t('sandboxPay.cancel')}</button>
<button type="submit" name="action" value="timeout" class="secondary" formnovalidate>${t('sandboxPay.letTimeout')}</button>
</div></form>`;
}

function challengeForm(lang: Lang, tx: SandboxTransaction, action: string, wrong: boolean) {
  const t = translator(lang);
  return `<h1>${t('sandboxPay.challenge.title')}</h1>
${summaryRow(t, tx, lang)}
<p>${t('sandboxPay.challenge.card')}: <code>${esc(tx.pendingCard?.mask ?? '')}</code></p>
<p>${t('sandboxPay.challenge.text')}</p>
${wrong ? `<div class="summary" role="alert"><p id="code-error">${t('sandboxPay.challenge.wrong')}</p></div>` : ''}
<form method="post" action="${esc(action)}">
<input type="hidden" name="formToken" value="${esc(tx.formToken ?? '')}">
<input type="hidden" name="lang" value="${lang}">
<label for="code">${t('sandboxPay.challenge.code')}</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required${
    wrong ? ' aria-invalid="true" aria-describedby="code-error" autofocus' : ''
  }>
<div class="actions">
<button type="submit" name="action" value="confirm" class="primary">${t('sandboxPay.challenge.submit')}</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>${t('sandboxPay.cancel')}</button>
</div></form>`;
}

/**
 * The hosted pay page (and the 3-D Secure challenge page) of the emulator. Plain HTML forms,
 * no JavaScript; every POST carries the page's form token.
 */
export function registerSandboxPages(app: FastifyInstance, deps: PageDeps) {
  const { db, merchants } = deps;

  async function load(token: string) {
    await applyTimeTransitions(db);
    const [tx] = await db
      .select()
      .from(sandboxSpTransactions)
      .where(eq(sandboxSpTransactions.pageToken, token));
    return tx;
  }

  const payPath = (tx: SandboxTransaction) => `${PAGES_PREFIX}/pay/${tx.pageToken}`;
  const challengePath = (tx: SandboxTransaction) => `${payPath(tx)}/challenge`;

  function notFound(req: FastifyRequest, reply: FastifyReply) {
    const lang = langOf(req, undefined);
    const t = translator(lang);
    return html(
      reply,
      404,
      page(
        lang,
        translator(lang)('sandboxPay.title'),
        `<h1>${t('sandboxPay.title')}</h1><p>${t('sandboxPay.notFound')}</p>`,
        null,
      ),
    );
  }

  /** A closed payment: show its outcome with a link back to the merchant. */
  function closedPage(reply: FastifyReply, lang: Lang, tx: SandboxTransaction, path: string) {
    const t = translator(lang);
    const merchant = merchants.get(tx.merchant);
    const event = backEventOf(tx);
    const back = merchant && event ? backRedirectUrl(merchant, tx, event) : null;
    const body = `<h1>${tx.status === 'TIMEOUT' ? t('sandboxPay.timedOut') : t('sandboxPay.closed.title')}</h1>
${summaryRow(t, tx, lang)}
<p>${t('sandboxPay.closed.status', { status: tx.status })}</p>
${back ? `<p><a class="button-link" href="${esc(back)}">${t('sandboxPay.back')}</a></p>` : ''}`;
    return html(
      reply,
      200,
      page(lang, t('sandboxPay.title'), body, `${path}?lang=${lang === 'hu' ? 'en' : 'hu'}`),
    );
  }

  /** After an outcome: 303 to the merchant's address with r and s. */
  function goBack(reply: FastifyReply, lang: Lang, tx: SandboxTransaction) {
    const merchant = merchants.get(tx.merchant);
    const event = backEventOf(tx);
    const back = merchant && event ? backRedirectUrl(merchant, tx, event) : null;
    if (!back) return closedPage(reply, lang, tx, payPath(tx));
    return reply.status(303).header('Cache-Control', 'no-store').redirect(back, 303);
  }

  function formRejected(reply: FastifyReply, lang: Lang, tx: SandboxTransaction) {
    const t = translator(lang);
    const body = `<h1>${t('sandboxPay.title')}</h1><div class="summary" role="alert"><p>${t('sandboxPay.error.form')}</p></div>
<p><a href="${esc(payPath(tx))}?lang=${lang}">${t('sandboxPay.title')}</a></p>`;
    return html(reply, 403, page(lang, t('sandboxPay.title'), body, null));
  }

  app.get<{ Params: { token: string } }>(`${PAGES_PREFIX}/pay/:token`, async (req, reply) => {
    const tx = await load(req.params.token);
    if (!tx) return notFound(req, reply);
    const lang = langOf(req, tx);
    if (tx.status === 'INPAYMENT' && tx.pendingCard) {
      return reply.redirect(`${challengePath(tx)}?lang=${lang}`, 303);
    }
    if (tx.status !== 'INIT' || tx.kind !== 'start') {
      return closedPage(reply, lang, tx, payPath(tx));
    }
    const t = translator(lang);
    return html(
      reply,
      200,
      page(
        lang,
        t('sandboxPay.title'),
        payForm(lang, tx, payPath(tx)),
        `${payPath(tx)}?lang=${lang === 'hu' ? 'en' : 'hu'}`,
      ),
    );
  });

  app.post<{ Params: { token: string }; Body: Form }>(
    `${PAGES_PREFIX}/pay/:token`,
    async (req, reply) => {
      await applyTimeTransitions(db);
      const form = (req.body ?? {}) as Form;
      let queued = false;
      const result = await db.transaction(async (dbt) => {
        const [tx] = await dbt
          .select()
          .from(sandboxSpTransactions)
          .where(eq(sandboxSpTransactions.pageToken, req.params.token))
          .for('update');
        if (!tx) return () => notFound(req, reply);
        const lang = langOf(req, tx);
        if (!sameToken(form.formToken, tx.formToken)) return () => formRejected(reply, lang, tx);
        if (isPastTimeout(tx)) {
          const closed = await closePayment(dbt, tx, 'TIMEOUT', BackResult.timeout);
          return () => goBack(reply, lang, closed);
        }
        if (tx.status !== 'INIT' || tx.kind !== 'start') {
          return () =>
            backEventOf(tx) ? goBack(reply, lang, tx) : closedPage(reply, lang, tx, payPath(tx));
        }
        if (form.action === 'cancel') {
          const closed = await closePayment(dbt, tx, 'CANCELLED', BackResult.cancelledByUser);
          return () => goBack(reply, lang, closed);
        }
        if (form.action === 'timeout') {
          const closed = await closePayment(dbt, tx, 'TIMEOUT', BackResult.timeout);
          return () => goBack(reply, lang, closed);
        }
        const t = (k: string) => translateMessage(k, lang);
        const errors: FieldErrors = {};
        const digits = (form.cardNumber ?? '').replace(/[\s-]/g, '');
        const knownCards = Object.values(TEST_CARDS) as string[];
        if (!/^\d{16}$/.test(digits)) errors.cardNumber = t('sandboxPay.error.cardNumber');
        else if (!knownCards.includes(digits))
          errors.cardNumber = t('sandboxPay.error.unknownCard');
        const expiry = parseExpiry(form.expiry ?? '');
        if (!expiry) errors.expiry = t('sandboxPay.error.expiry');
        if (!/^\d{3}$/.test((form.cvc ?? '').trim())) errors.cvc = t('sandboxPay.error.cvc');
        if ((form.cardName ?? '').trim() === '') errors.cardName = t('sandboxPay.error.cardName');
        if (Object.keys(errors).length > 0) {
          return () =>
            html(
              reply,
              422,
              page(
                lang,
                translator(lang)('sandboxPay.title'),
                payForm(lang, tx, payPath(tx), form, errors),
                `${payPath(tx)}?lang=${lang === 'hu' ? 'en' : 'hu'}`,
              ),
            );
        }
        const merchant = merchants.get(tx.merchant)!;
        const card = { mask: maskCard(digits), expiry: expiry!.toISOString(), threeDs: false };
        switch (digits) {
          case TEST_CARDS.pays: {
            const paid = await completePayment(dbt, merchant, tx, card);
            queued = true;
            return () => goBack(reply, lang, paid);
          }
          case TEST_CARDS.threeDs: {
            const [waiting] = await dbt
              .update(sandboxSpTransactions)
              .set({ status: 'INPAYMENT', pendingCard: { ...card, threeDs: true } })
              .where(eq(sandboxSpTransactions.id, tx.id))
              .returning();
            return () => reply.redirect(`${challengePath(waiting!)}?lang=${lang}`, 303);
          }
          case TEST_CARDS.insufficientFunds: {
            const closed = await closePayment(
              dbt,
              tx,
              'NOTAUTHORIZED',
              BackResult.insufficientFunds,
            );
            return () => goBack(reply, lang, closed);
          }
          default: {
            const closed = await closePayment(dbt, tx, 'NOTAUTHORIZED', BackResult.cardExpired);
            return () => goBack(reply, lang, closed);
          }
        }
      });
      if (queued) deps.ipnQueued();
      return result();
    },
  );

  app.get<{ Params: { token: string } }>(
    `${PAGES_PREFIX}/pay/:token/challenge`,
    async (req, reply) => {
      const tx = await load(req.params.token);
      if (!tx) return notFound(req, reply);
      const lang = langOf(req, tx);
      if (tx.status !== 'INPAYMENT' || !tx.pendingCard) {
        return closedPage(reply, lang, tx, challengePath(tx));
      }
      const t = translator(lang);
      return html(
        reply,
        200,
        page(
          lang,
          t('sandboxPay.challenge.title'),
          challengeForm(lang, tx, challengePath(tx), false),
          `${challengePath(tx)}?lang=${lang === 'hu' ? 'en' : 'hu'}`,
        ),
      );
    },
  );

  app.post<{ Params: { token: string }; Body: Form }>(
    `${PAGES_PREFIX}/pay/:token/challenge`,
    async (req, reply) => {
      await applyTimeTransitions(db);
      const form = (req.body ?? {}) as Form;
      let queued = false;
      const result = await db.transaction(async (dbt) => {
        const [tx] = await dbt
          .select()
          .from(sandboxSpTransactions)
          .where(eq(sandboxSpTransactions.pageToken, req.params.token))
          .for('update');
        if (!tx) return () => notFound(req, reply);
        const lang = langOf(req, tx);
        if (!sameToken(form.formToken, tx.formToken)) return () => formRejected(reply, lang, tx);
        if (isPastTimeout(tx)) {
          const closed = await closePayment(dbt, tx, 'TIMEOUT', BackResult.timeout);
          return () => goBack(reply, lang, closed);
        }
        if (tx.status !== 'INPAYMENT' || !tx.pendingCard) {
          return () =>
            backEventOf(tx)
              ? goBack(reply, lang, tx)
              : closedPage(reply, lang, tx, challengePath(tx));
        }
        if (form.action === 'cancel') {
          const closed = await closePayment(dbt, tx, 'CANCELLED', BackResult.cancelledByUser);
          return () => goBack(reply, lang, closed);
        }
        const code = (form.code ?? '').trim();
        if (code === CHALLENGE_OK) {
          const paid = await completePayment(dbt, merchants.get(tx.merchant)!, tx, tx.pendingCard);
          queued = true;
          return () => goBack(reply, lang, paid);
        }
        if (code === CHALLENGE_FAIL) {
          const closed = await closePayment(dbt, tx, 'NOTAUTHORIZED', BackResult.threeDsFailed);
          return () => goBack(reply, lang, closed);
        }
        const t = translator(lang);
        return () =>
          html(
            reply,
            422,
            page(
              lang,
              t('sandboxPay.challenge.title'),
              challengeForm(lang, tx, challengePath(tx), true),
              `${challengePath(tx)}?lang=${lang === 'hu' ? 'en' : 'hu'}`,
            ),
          );
      });
      if (queued) deps.ipnQueued();
      return result();
    },
  );
}
