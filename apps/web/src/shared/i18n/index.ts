import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
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

type Catalog = Record<string, string>;

/**
 * Catalogs load on demand, each its own chunk: the app's catalog (namespace "translation"; the
 * area files under locales/<lang>/ merged by locales/<lang>.ts into one chunk) with the language,
 * the server's message catalog from the contract (namespace "messages") only when a screen asks
 * for it (charger states in the panel and the charger view).
 */
const catalogs: Record<string, () => Promise<Catalog>> = {
  'hu/translation': () => import('../../locales/hu').then((m) => m.default),
  'en/translation': () => import('../../locales/en').then((m) => m.default),
  'hu/messages': () =>
    import('@voltpark/contract/locales/hu.json').then((m) => m.default as Catalog),
  'en/messages': () =>
    import('@voltpark/contract/locales/en.json').then((m) => m.default as Catalog),
};

const chunkBackend = {
  type: 'backend' as const,
  init() {},
  read(lng: string, ns: string, done: (err: unknown, data?: Catalog) => void) {
    const load = catalogs[`${lng}/${ns}`];
    if (!load) {
      done(null, {});
      return;
    }
    load().then(
      (data) => done(null, data),
      (err: unknown) => done(err),
    );
  },
};

const initialLang = detectLanguage();

/** Resolves when the starting language is ready to render. */
export const i18nReady: Promise<unknown> = i18n
  .use(chunkBackend)
  .use(initReactI18next)
  .init({
    lng: initialLang,
    fallbackLng: 'hu',
    supportedLngs: ['hu', 'en'],
    ns: ['translation'],
    defaultNS: 'translation',
    // Keys are flat ("map.title"), like the server's message catalog ("chargerStatus.UNKNOWN").
    keySeparator: false,
    nsSeparator: ':',
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  });

function applyDocumentLang(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
applyDocumentLang(i18n.language);
i18n.on('languageChanged', applyDocumentLang);

/** Switches the language and remembers the choice (localStorage "language"). */
export async function setLanguage(lang: Lang): Promise<void> {
  storage.set(STORAGE_KEYS.language, lang);
  await i18n.changeLanguage(lang);
}

export default i18n;
