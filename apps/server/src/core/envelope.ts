import type { Envelope, Lang, Message, Severity } from '@voltpark/contract';
import { translateMessage } from '@voltpark/contract';

export function message(
  lang: Lang,
  messageKey: string,
  severity: Severity = 'info',
  field?: string,
): Message {
  return {
    severity,
    messageKey,
    text: translateMessage(messageKey, lang),
    ...(field ? { field } : {}),
  };
}

export function ok<T>(data: T, extra: Partial<Omit<Envelope<T>, 'data'>> = {}): Envelope<T> {
  return { result: true, data, messages: [], useAlert: false, ...extra };
}
