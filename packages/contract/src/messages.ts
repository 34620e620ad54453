import hu from '../locales/hu.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import type { Lang } from './common.js';

/** Server-side message catalogs (SPEC message keys). hu is the default and the fallback. */
export const messageCatalogs: Record<Lang, Record<string, string>> = { hu, en };
export type MessageKey = keyof typeof hu;

export function translateMessage(
  key: string,
  lang: Lang,
  vars: Record<string, string | number> = {},
): string {
  const text = messageCatalogs[lang][key] ?? messageCatalogs.hu[key] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}
