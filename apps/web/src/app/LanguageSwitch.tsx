import { Group, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { setLanguage, type Lang } from '../shared/i18n';
import { useLang } from '../shared/i18n/useLang';
import { apiRoutes, callApi } from '../shared/api';
import { isLoggedIn } from '../shared/session';
import { FlagEn, FlagHu } from './Flags';

/** Switches the language; a logged-in user's preferred language follows (PUT user/lang). */
async function changeLanguage(lang: Lang): Promise<void> {
  await setLanguage(lang);
  if (isLoggedIn()) {
    await callApi(apiRoutes.userLang, { body: { lang }, busy: false, quiet: true }).catch(
      () => undefined,
    );
  }
}

const LANGS: { lang: Lang; name: string; Flag: () => React.JSX.Element }[] = [
  { lang: 'hu', name: 'Magyar', Flag: FlagHu },
  { lang: 'en', name: 'English', Flag: FlagEn },
];

/**
 * Decision 0064: both flags (the chosen one pressed) on wide screens; on narrow ones (≤ 30em,
 * where the live icons need the room) one button showing and naming the other language.
 * Which one shows is CSS only (`display: none` also hides the other from screen readers).
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const lang = useLang();
  const other = LANGS.find((l) => l.lang !== lang) ?? LANGS[1]!;
  return (
    <>
      <Group
        gap={4}
        wrap="nowrap"
        role="group"
        aria-label={t('app.language')}
        className="vp-lang-pair"
      >
        {LANGS.map(({ lang: l, name, Flag }) => (
          <UnstyledButton
            key={l}
            className="vp-lang"
            aria-label={name}
            title={name}
            aria-pressed={lang === l}
            lang={l}
            onClick={() => void changeLanguage(l)}
          >
            <Flag />
          </UnstyledButton>
        ))}
      </Group>
      <UnstyledButton
        className="vp-lang vp-lang-toggle"
        aria-label={other.name}
        title={`${t('app.language')}: ${other.name}`}
        lang={other.lang}
        data-testid="language-toggle"
        onClick={() => void changeLanguage(other.lang)}
      >
        <other.Flag />
      </UnstyledButton>
    </>
  );
}
