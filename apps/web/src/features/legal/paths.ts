import type { LegalLanguage } from './texts/types.js';

/**
 * The address of a legal document in a language: the Hungarian variant for hu (SPEC §2), the
 * language-following page otherwise. Consents (e.g. the online-wallet deposit) link here.
 */
export function legalDocumentPath(kind: 'gtc' | 'privacy', lang: LegalLanguage): string {
  const base = kind === 'gtc' ? '/gtc' : '/privacy-statement';
  return lang === 'hu' ? `${base}-hu` : base;
}
