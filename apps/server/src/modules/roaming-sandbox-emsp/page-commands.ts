import { translateMessage, type Lang } from '@voltpark/contract';
import type { DisplayText } from '@voltpark/contract/ocpi/datatypes';
import { escapeHtml as esc } from '../../core/html.js';
import type { CommandRow } from './command-log.js';

/** The CPO's message in the page's language if it sent one, else its first. */
function messageOf(m: unknown, lang: Lang): string | null {
  const texts = Array.isArray(m) ? (m as DisplayText[]) : [];
  const t = texts.find((x) => x.language === lang) ?? texts[0];
  return t?.text ?? null;
}

/**
 * A command's state as a tester reads it: sent and waiting, not delivered, our answer, then the
 * result the charger gave (each translated, with the OCPI code and the CPO's message).
 */
function stateOf(c: CommandRow, lang: Lang): { response: string; result: string } {
  const t = (k: string) => esc(translateMessage(k, lang));
  const code = (prefix: string, value: string, message: unknown) => {
    const label = translateMessage(`${prefix}.${value}`, lang);
    const known = label !== `${prefix}.${value}` ? `${esc(label)} ` : '';
    const text = messageOf(message, lang);
    return `${known}(${esc(value)})${text ? ` — ${esc(text)}` : ''}`;
  };
  const response = c.response
    ? code('sandboxEmsp.response', c.response, c.responseMessage)
    : c.callError
      ? `${t('sandboxEmsp.callFailed')} — ${esc(c.callError)}`
      : t('sandboxEmsp.waiting');
  const result = c.result
    ? code('sandboxEmsp.result', c.result, c.resultMessage)
    : c.response === 'ACCEPTED'
      ? t('sandboxEmsp.waiting')
      : '—';
  return { response, result };
}

/** The table rows of the commands VoltDrive sent, newest first. */
export function commandRows(commands: CommandRow[], lang: Lang): string[] {
  const when = new Intl.DateTimeFormat(lang === 'hu' ? 'hu-HU' : 'en-GB', {
    timeZone: 'Europe/Budapest',
    dateStyle: 'short',
    timeStyle: 'medium',
  });
  return commands.map((c) => {
    const about =
      c.command === 'START_SESSION'
        ? `${esc(c.tokenUid ?? '')} @ ${esc(c.evseUid ?? '')}`
        : esc(c.sessionId ?? '');
    const { response, result } = stateOf(c, lang);
    const what = esc(translateMessage(`sandboxEmsp.commandType.${c.command}`, lang));
    return `<tr data-command="${esc(c.id)}"><td>${esc(when.format(c.sentAt))}</td><td>${what}</td><td>${about}</td><td>${response}</td><td>${result}</td></tr>`;
  });
}
