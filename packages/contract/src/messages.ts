import hu from '../locales/hu.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import type { Lang } from './common.js';

/** Server-side message catalogs (SPEC message keys). hu is the default and the fallback. */
export const messageCatalogs: Record<Lang, Record<string, string>> = { hu, en };
export type MessageKey = keyof typeof hu;

export function translateMessage(key: string, lang: Lang): string {
  return messageCatalogs[lang][key] ?? messageCatalogs.hu[key] ?? key;
}
