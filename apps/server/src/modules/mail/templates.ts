import { translateMessage, type Lang } from '@voltpark/contract';
import { escapeHtml } from '../../core/html.js';

export type MailTemplate =
  | { template: 'activation'; link: string; validHours: number }
  | { template: 'passwordReset'; link: string; validMinutes: number };

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Bilingual mails: every string comes from the shared message catalogs. */
export function renderMail(mail: MailTemplate, lang: Lang): RenderedMail {
  const t = (key: string, vars?: Record<string, string | number>) =>
    translateMessage(key, lang, vars);
  const k = `mail.${mail.template}`;
  const expiry =
    mail.template === 'activation'
      ? t(`${k}.expiry`, { hours: mail.validHours })
      : t(`${k}.expiry`, { minutes: mail.validMinutes });
  const subject = t(`${k}.subject`);
  const text = [
    t('mail.greeting'),
    '',
    t(`${k}.intro`),
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
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;line-height:1.5;max-width:560px;margin:0 auto;padding:16px">
${p(t('mail.greeting'))}
${p(t(`${k}.intro`))}
<p><a href="${link}" style="display:inline-block;background:#0b6e4f;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(t(`${k}.button`))}</a></p>
${p(expiry)}
<p style="font-size:14px;color:#495057">${escapeHtml(t('mail.linkFallback'))}<br><a href="${link}">${link}</a></p>
${p(t('mail.signature'))}
<p style="font-size:12px;color:#5c5f66">${escapeHtml(t('mail.footer'))}</p>
</body></html>`;
  return { subject, text, html };
}
