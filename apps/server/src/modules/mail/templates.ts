import { translateMessage, type Lang } from '@voltpark/contract';
import { escapeHtml } from '../../core/html.js';

export type MailTemplate =
  | { template: 'activation'; link: string; validHours: number }
  | { template: 'passwordReset'; link: string; validMinutes: number }
  | {
      /** A charge closed on the charger's last meter value (no StopTransaction will come). */
      template: 'chargeClosed';
      reason: 'chargerLostTransaction' | 'stopNotConfirmed';
      energyWh: number;
      /** Ft billed. */
      grossPrice: number;
      link: string;
    }
  /** A guest's link to the charge they paid for, sent when the payment went through. */
  | { template: 'chargeLink'; link: string; validDays: number; charger: string }
  /** A guest's receipt, sent once when the charge is settled. */
  | {
      template: 'chargeReceipt';
      link: string;
      validDays: number;
      rowNumber: number;
      issuedAt: Date;
      charger: string;
      energyWh: number;
      priceOfCharging: number;
      parkingPrice: number;
      grossPrice: number;
      paidAmount: number;
      held: number;
      /** The card's mask as SimplePay reported it (decision 0057); null: none to show. */
      cardMask?: string | null;
    }
  /** A weekly summary invoice, its PDF attached. */
  | {
      template: 'invoice';
      link: string;
      number: string;
      from: string;
      to: string;
      total: number;
      /** A corrective (storno) invoice. */
      corrective: boolean;
    }
  /** A guest's receipt from the invoicing provider, its PDF attached. */
  | { template: 'providerReceipt'; link: string; number: string; total: number }
  /**
   * A roaming bill above its card hold (decision 0057): what the charge at the partner's site
   * cost, what the hold paid and what is still open on the receipt page.
   */
  | {
      template: 'roamingOpenRest';
      link: string;
      rowNumber: number;
      /** "<site> (<partner>)" or the partner alone when the CDR named no site. */
      site: string;
      grossPrice: number;
      paidAmount: number;
    }
  /** A returning guest's one-time link to continue on a new device (decision 0030). */
  | { template: 'guestAccess'; link: string; validMinutes: number; lot: string };

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Integer forints as in the app (SPEC §9): "12 500 Ft", thousands grouped with a space. */
const ft = (n: number) => `${String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')} Ft`;

function kWh(wh: number, lang: Lang) {
  return new Intl.NumberFormat(lang === 'hu' ? 'hu-HU' : 'en-GB', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(wh / 1000);
}

function dateTime(d: Date, lang: Lang) {
  return new Intl.DateTimeFormat(lang === 'hu' ? 'hu-HU' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Budapest',
  }).format(d);
}

type Vars = Record<string, string | number>;
type T = (key: string, vars?: Vars) => string;

/** The subject's and intro's variables, the figures between the intro and the button, the expiry. */
function parts(
  mail: MailTemplate,
  t: T,
  lang: Lang,
): { subjectVars: Vars; introVars?: Vars; introKey?: string; lines: string[]; expiry: string } {
  const k = `mail.${mail.template}`;
  switch (mail.template) {
    case 'activation':
      return { subjectVars: {}, lines: [], expiry: t(`${k}.expiry`, { hours: mail.validHours }) };
    case 'passwordReset':
      return {
        subjectVars: {},
        lines: [],
        expiry: t(`${k}.expiry`, { minutes: mail.validMinutes }),
      };
    case 'chargeClosed':
      return {
        subjectVars: {},
        introKey: `${k}.intro.${mail.reason}`,
        lines: [],
        expiry: t(`${k}.billed`, { energy: kWh(mail.energyWh, lang), amount: ft(mail.grossPrice) }),
      };
    case 'chargeLink':
      return {
        subjectVars: {},
        introVars: { charger: mail.charger },
        lines: [],
        expiry: t(`${k}.expiry`, { days: mail.validDays }),
      };
    case 'chargeReceipt': {
      const open = mail.grossPrice - mail.paidAmount;
      return {
        subjectVars: { rowNumber: mail.rowNumber },
        lines: [
          t(`${k}.rowNumber`, { rowNumber: mail.rowNumber }),
          t(`${k}.date`, { date: dateTime(mail.issuedAt, lang) }),
          t(`${k}.charger`, { charger: mail.charger }),
          t(`${k}.energy`, { energy: kWh(mail.energyWh, lang) }),
          t(`${k}.charging`, { amount: ft(mail.priceOfCharging) }),
          ...(mail.parkingPrice > 0 ? [t(`${k}.parking`, { amount: ft(mail.parkingPrice) })] : []),
          t(`${k}.total`, { amount: ft(mail.grossPrice) }),
          t(`${k}.paid`, { amount: ft(mail.paidAmount), held: ft(mail.held) }),
          ...(mail.cardMask ? [t(`${k}.card`, { mask: mail.cardMask })] : []),
          ...(open > 0 ? [t(`${k}.open`, { amount: ft(open) })] : []),
        ],
        expiry: t(`${k}.expiry`, { days: mail.validDays }),
      };
    }
    case 'invoice':
      return {
        subjectVars: { number: mail.number },
        introKey: mail.corrective ? `${k}.introCorrective` : undefined,
        introVars: { number: mail.number, from: mail.from, to: mail.to, total: ft(mail.total) },
        lines: [],
        expiry: t(`${k}.list`),
      };
    case 'roamingOpenRest':
      return {
        subjectVars: { rowNumber: mail.rowNumber },
        introVars: {
          site: mail.site,
          total: ft(mail.grossPrice),
          held: ft(mail.paidAmount),
          open: ft(mail.grossPrice - mail.paidAmount),
        },
        lines: [
          t(`${k}.rowNumber`, { rowNumber: mail.rowNumber }),
          t(`${k}.total`, { amount: ft(mail.grossPrice) }),
          t(`${k}.held`, { amount: ft(mail.paidAmount) }),
          t(`${k}.open`, { amount: ft(mail.grossPrice - mail.paidAmount) }),
        ],
        expiry: t(`${k}.note`),
      };
    case 'guestAccess':
      return {
        subjectVars: {},
        introVars: { lot: mail.lot },
        lines: [],
        expiry: t(`${k}.expiry`, { minutes: mail.validMinutes }),
      };
    case 'providerReceipt':
      return {
        subjectVars: { number: mail.number },
        introVars: { number: mail.number, total: ft(mail.total) },
        lines: [],
        expiry: t(`${k}.note`),
      };
  }
}

/** Bilingual mails: every string comes from the shared message catalogs. */
export function renderMail(mail: MailTemplate, lang: Lang): RenderedMail {
  const t: T = (key, vars) => translateMessage(key, lang, vars);
  const k = `mail.${mail.template}`;
  const { subjectVars, introVars, introKey, lines, expiry } = parts(mail, t, lang);
  const intro = t(introKey ?? `${k}.intro`, introVars);
  const subject = t(`${k}.subject`, subjectVars);
  const text = [
    t('mail.greeting'),
    '',
    intro,
    ...(lines.length ? ['', ...lines] : []),
    '',
    mail.link,
    '',
    expiry,
    '',
    t('mail.signature'),
    '',
    t('mail.footer'),
  ].join('\n');
  const p = (s: string) => `<p>${escapeHtml(s).replace(/\n/g, '<br>')}</p>`;
  const link = escapeHtml(mail.link);
  const figures = lines.length
    ? `<ul style="padding-left:20px">${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>\n`
    : '';
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;line-height:1.5;max-width:560px;margin:0 auto;padding:16px">
${p(t('mail.greeting'))}
${p(intro)}
${figures}<p><a href="${link}" style="display:inline-block;background:#0b6e4f;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(t(`${k}.button`))}</a></p>
${p(expiry)}
<p style="font-size:14px;color:#495057;overflow-wrap:anywhere;word-break:break-all">${escapeHtml(t('mail.linkFallback'))}<br><a href="${link}">${link}</a></p>
${p(t('mail.signature'))}
<p style="font-size:12px;color:#5c5f66">${escapeHtml(t('mail.footer'))}</p>
</body></html>`;
  return { subject, text, html };
}
