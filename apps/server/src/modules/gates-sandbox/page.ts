import { translateMessage, type Lang } from '@voltpark/contract';
import { escapeHtml as esc } from '../../core/html.js';
import type { ServerGateView } from './view.js';

export const GATES_PAGE_PATH = '/sandbox/gates';

/** The page's address in a language, for one lot or (lotId null) every lot. */
export const gatesPageHref = (lang: Lang, lotId: number | null) =>
  `${GATES_PAGE_PATH}?lang=${lang}${lotId ? `&lot=${lotId}` : ''}`;

/** No scripts, nothing from elsewhere, never framed; forms post back here only. */
export const GATES_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** What the simulated controller itself knows (its side of the wire). */
export interface ControllerView {
  connected: boolean;
  sensor: 'ok' | 'fault';
  present: boolean;
  barrierOpen: boolean;
  ackMode: 'normal' | 'silent';
}

export interface GatesPageModel {
  lang: Lang;
  /** Every demo gate; the page shows those of `lotId` only when it is set. */
  gates: ServerGateView[];
  lotId: number | null;
  controllers: ReadonlyMap<number, ControllerView>;
  /** Gates a simulated car of the auto car is at, or on its way to. */
  autoCarAt: ReadonlySet<number>;
  autoCarOn: boolean;
  /** The simulators are not running yet (the server has not finished starting). */
  starting: boolean;
  /** The outcome of the last action, shown at its gate. */
  notice: { gateId: number; key: string; error: boolean } | null;
}

const t = (lang: Lang) => (key: string, vars?: Record<string, string | number>) =>
  esc(translateMessage(key, lang, vars));

const clock = (lang: Lang, d: Date) =>
  new Intl.DateTimeFormat(lang === 'hu' ? 'hu-HU' : 'en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZone: 'Europe/Budapest',
  }).format(d);

// WCAG AA contrast: text #1a1b1e on white, links and buttons #0b5394 (7.6:1), the banner
// #3d2600 on #fff3bf, errors #a61e1e (7.4:1), success #1e5a2b (8:1), notes #343a40.
const styles = `
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:960px;padding:16px;color:#1a1b1e;background:#fff;line-height:1.5}
.banner{background:#fff3bf;color:#3d2600;border:2px solid #b35900;padding:12px;border-radius:8px;font-weight:700;margin:0 0 12px}
.top{display:flex;justify-content:space-between;gap:12px;flex-wrap:wrap;align-items:center}
a{color:#0b5394}
a:focus-visible,button:focus-visible,input:focus-visible,.gate:focus-visible{outline:3px solid #1c7ed6;outline-offset:2px}
.lots{display:flex;flex-wrap:wrap;gap:4px 16px;padding:0;list-style:none}
.lots a[aria-current]{font-weight:700;color:#1a1b1e}
.gate{border:1px solid #868e96;border-radius:8px;padding:12px 16px;margin:12px 0}
.gate h3{margin:0 0 8px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 16px;margin:8px 0}
dt{font-weight:600}dd{margin:0}
.bad{color:#a61e1e;font-weight:600}
.note{color:#343a40}
fieldset{border:1px solid #adb5bd;border-radius:8px;padding:8px 12px;margin:8px 0}
legend{font-weight:700;padding:0 4px}
label{display:block;font-weight:600}
input{font:inherit;padding:8px;border:1px solid #495057;border-radius:6px;width:100%;max-width:14rem;color:#1a1b1e;background:#fff;text-transform:uppercase}
input[aria-invalid="true"]{border:2px solid #a61e1e}
.actions{display:flex;gap:8px;flex-wrap:wrap;margin-top:8px}
button{font:inherit;font-weight:600;padding:8px 14px;border-radius:6px;border:2px solid #0b5394;background:#fff;color:#0b5394;cursor:pointer;min-height:44px}
button.primary{background:#0b5394;color:#fff}
.notice{border:2px solid #1e5a2b;color:#1e5a2b;border-radius:8px;padding:8px 12px;margin:8px 0;font-weight:600}
.notice.error{border-color:#a61e1e;color:#a61e1e}
`;

/** `notice` leads the title: a screen reader reads it first when the page loads after an action. */
function shell(lang: Lang, body: string, notice?: string, lotId: number | null = null): string {
  const tr = t(lang);
  const other = lang === 'hu' ? 'en' : 'hu';
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${notice ? `${notice} – ` : ''}${tr('sandboxGates.title')} · SANDBOX</title><style>${styles}</style></head>
<body><header><p class="banner" role="note">${tr('sandboxGates.banner')}</p>
<div class="top"><strong>Voltpark · SANDBOX</strong><a href="${esc(gatesPageHref(other, lotId))}" lang="${other}" hreflang="${other}">${tr('sandboxGates.language')}</a></div></header>
<main>${body}</main></body></html>`;
}

/** The page shown where the sandbox gates are not running (production, SIMULATE_GATES=0). */
export function notAvailablePage(lang: Lang): string {
  const tr = t(lang);
  return shell(
    lang,
    `<h1>${tr('sandboxGates.title')}</h1><p>${tr('sandboxGates.notAvailable')}</p>`,
  );
}

function yesNo(lang: Lang, v: boolean) {
  return t(lang)(v ? 'sandboxGates.yes' : 'sandboxGates.no');
}

function pendingText(lang: Lang, p: NonNullable<ServerGateView['pending']>) {
  const tr = t(lang);
  const state =
    p.ackResult === 'opened' ? tr('sandboxGates.pending.opened') : tr('sandboxGates.pending.sent');
  return `${esc(p.subject ?? p.reason)} · ${tr('sandboxGates.pending.since', { time: clock(lang, p.sentAt) })} · ${state}`;
}

function serverState(lang: Lang, g: ServerGateView): string {
  const tr = t(lang);
  const sensor =
    g.sensor === 'ok'
      ? tr('sandboxGates.sensor.ok')
      : g.sensor === 'fault'
        ? `<span class="bad">${tr('sandboxGates.sensor.fault')}</span>`
        : tr('sandboxGates.sensor.unknown');
  return `<dl>
<dt>${tr('sandboxGates.field.online')}</dt><dd>${g.online ? tr('sandboxGates.yes') : `<span class="bad">${tr('sandboxGates.no')}</span>`}</dd>
<dt>${tr('sandboxGates.field.sensor')}</dt><dd>${sensor}</dd>
<dt>${tr('sandboxGates.field.carPresent')}</dt><dd>${yesNo(lang, g.carPresent)}</dd>
<dt>${tr('sandboxGates.field.plate')}</dt><dd>${g.plate ? esc(g.plate) : tr('sandboxGates.none')}</dd>
<dt>${tr('sandboxGates.field.pending')}</dt><dd>${g.pending ? pendingText(lang, g.pending) : tr('sandboxGates.none')}</dd>
</dl>`;
}

function controllerLine(lang: Lang, c: ControllerView | undefined, autoCar: boolean) {
  const tr = t(lang);
  if (!c) return `<p class="note">${tr('sandboxGates.controller.missing')}</p>`;
  const parts = [
    c.connected
      ? tr('sandboxGates.controller.connected')
      : tr('sandboxGates.controller.disconnected'),
    c.barrierOpen
      ? tr('sandboxGates.controller.barrierOpen')
      : tr('sandboxGates.controller.barrierClosed'),
    c.ackMode === 'silent'
      ? tr('sandboxGates.controller.silent')
      : tr('sandboxGates.controller.answers'),
  ];
  if (autoCar) parts.push(tr('sandboxGates.controller.autoCar'));
  return `<p class="note"><strong>${tr('sandboxGates.controller.title')}:</strong> ${parts.join(' · ')}</p>`;
}

function gateForm(
  lang: Lang,
  g: ServerGateView,
  c: ControllerView,
  plateError: string | null,
  lotId: number | null,
) {
  const tr = t(lang);
  const id = g.id;
  const button = (action: string, key: string, primary = false) =>
    `<button type="submit" name="action" value="${action}"${primary ? ' class="primary"' : ''}>${tr(key)}</button>`;
  const describedBy = plateError ? `plate-${id}-hint plate-${id}-error` : `plate-${id}-hint`;
  return `<form method="post" action="${GATES_PAGE_PATH}/${id}" novalidate>
<input type="hidden" name="lang" value="${lang}">
${lotId ? `<input type="hidden" name="lot" value="${lotId}">` : ''}
<fieldset><legend>${tr('sandboxGates.car.legend')}</legend>
<label for="plate-${id}">${tr('sandboxGates.car.plate')}</label>
<input id="plate-${id}" name="plate" maxlength="20" autocomplete="off" spellcheck="false" aria-describedby="${describedBy}"${plateError ? ' aria-invalid="true"' : ''}>
<p class="note" id="plate-${id}-hint">${tr('sandboxGates.car.plateHint')}</p>
${plateError ? `<p class="bad" id="plate-${id}-error">${plateError}</p>` : ''}
<div class="actions">
${button('arrive', 'sandboxGates.action.arrive', true)}
${button('pass', 'sandboxGates.action.pass')}
${button('leave', 'sandboxGates.action.leave')}
</div></fieldset>
<fieldset><legend>${tr('sandboxGates.faults.legend')}</legend><div class="actions">
${c.sensor === 'ok' ? button('sensorFault', 'sandboxGates.action.sensorFault') : button('sensorOk', 'sandboxGates.action.sensorOk')}
${c.connected ? button('offline', 'sandboxGates.action.offline') : button('online', 'sandboxGates.action.online')}
${c.ackMode === 'normal' ? button('silent', 'sandboxGates.action.silent') : button('answer', 'sandboxGates.action.answer')}
</div></fieldset>
${
  g.direction === 'IN'
    ? ''
    : `<fieldset><legend>${tr('sandboxGates.time.legend')}</legend>
<p class="note" id="overstay-${id}-hint">${tr('sandboxGates.time.hint')}</p>
<div class="actions"><button type="submit" name="action" value="overstay" aria-describedby="overstay-${id}-hint">${tr('sandboxGates.action.overstay')}</button></div></fieldset>`
}
</form>`;
}

function gateSection(m: GatesPageModel, g: ServerGateView): string {
  const tr = t(m.lang);
  const c = m.controllers.get(g.id);
  const notice = m.notice?.gateId === g.id ? m.notice : null;
  const plateError =
    notice?.error && notice.key === 'sandboxGates.error.plate' ? tr(notice.key) : null;
  const noticeHtml =
    notice && !plateError
      ? `<p class="notice${notice.error ? ' error' : ''}" role="${notice.error ? 'alert' : 'status'}">${tr(notice.key)}</p>`
      : '';
  return `<section class="gate" id="gate-${g.id}" tabindex="-1" aria-labelledby="gate-${g.id}-title">
<h3 id="gate-${g.id}-title">${esc(g.name)} · ${tr(`sandboxGates.direction.${g.direction}`)} · #${g.id}</h3>
${noticeHtml}
<p class="note">${tr('sandboxGates.serverSees')}</p>
${serverState(m.lang, g)}
${controllerLine(m.lang, c, m.autoCarAt.has(g.id))}
${c ? gateForm(m.lang, g, c, plateError, m.lotId) : ''}
</section>`;
}

/** /sandbox/gates: every demo gate by lot (or one lot's), its state and the tester's buttons. */
export function gatesPage(m: GatesPageModel): string {
  const tr = t(m.lang);
  const lots = new Map<number, { name: string; gates: ServerGateView[] }>();
  for (const g of m.gates) {
    const lot = lots.get(g.lotId) ?? { name: g.lotName, gates: [] };
    lot.gates.push(g);
    lots.set(g.lotId, lot);
  }
  const lotId = m.lotId !== null && lots.has(m.lotId) ? m.lotId : null;
  const shown = lotId !== null ? [...lots].filter(([id]) => id === lotId) : [...lots];
  const noticeAtGate = shown.some(([, l]) => l.gates.some((g) => g.id === m.notice?.gateId));
  const intro = `<h1>${tr('sandboxGates.title')}</h1>
<p>${tr('sandboxGates.intro')}</p>
<p>${tr(m.autoCarOn ? 'sandboxGates.autoCar.on' : 'sandboxGates.autoCar.off')}</p>
<p><a href="${esc(gatesPageHref(m.lang, lotId))}">${tr('sandboxGates.refresh')}</a></p>
${
  m.notice && !noticeAtGate
    ? `<p class="notice${m.notice.error ? ' error' : ''}" role="${m.notice.error ? 'alert' : 'status'}">${tr(m.notice.key)}</p>`
    : ''
}`;
  const title = m.notice ? tr(m.notice.key) : undefined;
  if (m.starting)
    return shell(m.lang, `${intro}<p role="status">${tr('sandboxGates.starting')}</p>`, title);
  if (lots.size === 0) return shell(m.lang, `${intro}<p>${tr('sandboxGates.empty')}</p>`, title);
  const link = (id: number | null, text: string) =>
    `<li><a href="${esc(gatesPageHref(m.lang, id))}"${id === lotId ? ' aria-current="page"' : ''}>${text}</a></li>`;
  const nav = `<nav aria-label="${tr('sandboxGates.lots')}"><ul class="lots">${link(null, tr('sandboxGates.allLots'))}${[
    ...lots,
  ]
    .map(([id, l]) => link(id, esc(l.name)))
    .join('')}</ul></nav>`;
  const sections = shown
    .map(
      ([id, l]) =>
        `<section aria-labelledby="lot-${id}"><h2 id="lot-${id}">${esc(l.name)}</h2>${l.gates
          .map((g) => gateSection(m, g))
          .join('')}</section>`,
    )
    .join('');
  return shell(m.lang, `${intro}${nav}${sections}`, title, lotId);
}
