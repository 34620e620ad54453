import type { LegalLanguage } from './types.js';

/** Customer service contact. The 555 number is a fictional one. */
export const support = {
  phone: '+36 1 555 0199',
  email: 'support@voltpark.hu',
  hours: { hu: 'Hétfőtől péntekig 8–18 óráig', en: 'Monday to Friday, 8:00–18:00' },
};

/** The support hours for use inside a sentence (Hungarian starts in lower case there). */
export function supportHoursInSentence(lang: LegalLanguage): string {
  const hours = support.hours[lang];
  return lang === 'hu' ? hours.charAt(0).toLowerCase() + hours.slice(1) : hours;
}
