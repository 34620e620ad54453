import type { Envelope, Lang, Message, Severity } from '@voltpark/contract';
import { translateMessage } from '@voltpark/contract';

export function message(
  lang: Lang,
  messageKey: string,
  severity: Severity = 'info',
  field?: string,
  vars?: Record<string, string | number>,
): Message {
  return {
    severity,
    messageKey,
    text: translateMessage(messageKey, lang, vars),
    ...(field ? { field } : {}),
  };
}

export function ok<T, E = unknown>(
  data: T,
  extra: Partial<Omit<Envelope<T, E>, 'data'>> = {},
): Envelope<T, E> {
  return { result: true, data, messages: [], useAlert: false, ...extra };
}
