import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import huMessages from '@voltpark/contract/locales/hu.json';
import enMessages from '@voltpark/contract/locales/en.json';
import hu from '../../locales/hu.json';
import en from '../../locales/en.json';
import { storage, STORAGE_KEYS } from '../lib/storage';

export type Lang = 'hu' | 'en';
export const LANGS: readonly Lang[] = ['hu', 'en'];

/** SPEC §1: hu when the browser language starts with "hu", otherwise en; a stored choice wins. */
export function detectLanguage(
  stored: string | null = storage.get(STORAGE_KEYS.language),
  browser: string | undefined = globalThis.navigator?.language,
): Lang {
  if (stored === 'hu' || stored === 'en') return stored;
  return (browser ?? '').toLowerCase().startsWith('hu') ? 'hu' : 'en';
}

void i18n.use(initReactI18next).init({
  resources: {
    hu: { translation: hu, messages: huMessages },
    en: { translation: en, messages: enMessages },
  },
  lng: detectLanguage(),
  fallbackLng: 'hu',
  supportedLngs: ['hu', 'en'],
  ns: ['translation', 'messages'],
  defaultNS: 'translation',
  // Keys are flat ("map.title"), like the server's message catalog ("chargerStatus.UNKNOWN").
  keySeparator: false,
  nsSeparator: ':',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

function applyDocumentLang(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
applyDocumentLang(i18n.language);
i18n.on('languageChanged', applyDocumentLang);

/** Switches the language and remembers the choice (localStorage "language"). */
export function setLanguage(lang: Lang): Promise<unknown> {
  storage.set(STORAGE_KEYS.language, lang);
  return i18n.changeLanguage(lang);
}

export default i18n;
