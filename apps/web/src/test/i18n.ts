import { beforeAll } from 'vitest';
import { i18nReady, setLanguage } from '@/shared/i18n';

/** The suite runs with the catalogs loaded and Hungarian (the default language) chosen. */
export function inHungarian(): void {
  beforeAll(async () => {
    await i18nReady;
    await setLanguage('hu');
  });
}
