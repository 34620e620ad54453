import { aboutEn } from './about.en.js';
import { aboutHu } from './about.hu.js';
import { gtcEn } from './gtc.en.js';
import { gtcHu } from './gtc.hu.js';
import { privacyEn } from './privacy.en.js';
import { privacyHu } from './privacy.hu.js';
import type { LegalDocument, LegalDocumentKind, LegalLanguage } from './types.js';

export type { LegalDocument, LegalDocumentKind, LegalLanguage } from './types.js';
export { support, supportHoursInSentence } from './support.js';
export { provider } from './provider.js';
export { aboutEn, aboutHu, gtcEn, gtcHu, privacyEn, privacyHu };

const documents: Record<LegalDocumentKind, Record<LegalLanguage, LegalDocument>> = {
  gtc: { hu: gtcHu, en: gtcEn },
  privacy: { hu: privacyHu, en: privacyEn },
  about: { hu: aboutHu, en: aboutEn },
};

/** The text of a legal or about page in the given language. */
export function legalDocument(kind: LegalDocumentKind, lang: LegalLanguage): LegalDocument {
  return documents[kind][lang];
}
