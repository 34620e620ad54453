import { translateMessage, type Lang } from '@voltpark/contract';

export const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export const translator = (lang: Lang) => (key: string, vars?: Record<string, string | number>) =>
  esc(translateMessage(key, lang, vars));

/** `12500` → `12 500 Ft` (hu-HU, as SimplePay's page shows HUF). */
export function formatAmount(total: number, currency: string): string {
  return new Intl.NumberFormat('hu-HU', {
    style: 'currency',
    currency,
    maximumFractionDigits: currency === 'HUF' ? 0 : 2,
    minimumFractionDigits: currency === 'HUF' ? 0 : 2,
  }).format(total);
}

export function formatTime(date: Date, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'hu' ? 'hu-HU' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Budapest',
  }).format(date);
}

// Colours chosen for WCAG AA: body #1a1b1e on white (17:1), links/buttons #0b5394 (7.6:1),
// errors #a61e1e (7.4:1), the banner's text #3d2600 on #fff3bf (12:1).
const styles = `
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:640px;padding:16px;color:#1a1b1e;background:#fff;line-height:1.5}
.banner{background:#fff3bf;color:#3d2600;border:2px solid #b35900;padding:12px;border-radius:8px;font-weight:700;margin:0 0 12px}
.top{display:flex;justify-content:space-between;align-items:center;gap:12px;flex-wrap:wrap}
a{color:#0b5394}
a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid #1c7ed6;outline-offset:2px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:16px 0}
dt{font-weight:600}dd{margin:0;min-width:0;overflow-wrap:anywhere}
@media (max-width:480px){dl{grid-template-columns:1fr;gap:0}dd{margin-bottom:8px}}
.amount{font-size:1.5rem;font-weight:700}
table{border-collapse:collapse;width:100%;margin:8px 0}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #adb5bd;vertical-align:top}
code{font-size:1rem;white-space:nowrap}
fieldset{border:1px solid #868e96;border-radius:8px;padding:12px 16px;margin:16px 0}
legend{font-weight:700;padding:0 4px}
label{display:block;font-weight:600;margin-top:12px}
input{font:inherit;padding:8px;border:1px solid #495057;border-radius:6px;width:100%;max-width:22rem;color:#1a1b1e;background:#fff}
input[aria-invalid="true"]{border:2px solid #a61e1e}
.error{color:#a61e1e;font-weight:600;margin:4px 0 0}
.summary{border:2px solid #a61e1e;border-radius:8px;padding:8px 16px;margin:12px 0;color:#a61e1e}
.summary a{color:#a61e1e}
.actions{display:flex;gap:12px;flex-wrap:wrap;margin-top:16px}
button{font:inherit;font-weight:600;padding:10px 18px;border-radius:6px;border:2px solid #0b5394;cursor:pointer;min-height:44px}
button.primary{background:#0b5394;color:#fff}
button.secondary{background:#fff;color:#0b5394}
.note{color:#343a40}
.button-link{display:inline-block;background:#0b5394;color:#fff;padding:10px 18px;border-radius:6px;font-weight:600;text-decoration:none}
`;

/** No scripts, no external resources, never framed. (No form-action: the answer redirects away.) */
export const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'";

export function page(
  lang: Lang,
  title: string,
  body: string,
  otherLangHref: string | null,
): string {
  const t = translator(lang);
  const other = lang === 'hu' ? 'en' : 'hu';
  const switcher = otherLangHref
    ? `<a href="${esc(otherLangHref)}" lang="${other}" hreflang="${other}">${t('sandboxPay.language')}</a>`
    : '';
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)} · SANDBOX</title><style>${styles}</style></head>
<body><header><p class="banner" role="note">${t('sandboxPay.banner')}</p>
<div class="top"><strong>SimplePay · SANDBOX</strong>${switcher}</div></header>
<main>${body}</main></body></html>`;
}
