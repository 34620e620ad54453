import { Alert, Anchor, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '@/shared/format';
import { useLang } from '@/shared/i18n/useLang';
import { Container } from '@mantine/core';
import { legalDocumentPath } from './paths';
import { legalDocument, support, type LegalDocument, type LegalDocumentKind } from './texts';

function slug(i: number) {
  return `section-${i + 1}`;
}

/** Renders a legal text as headings, paragraphs and lists (plain text only). */
export function LegalText({
  doc,
  lang,
  children,
}: {
  doc: LegalDocument;
  lang: 'hu' | 'en';
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Container size="sm" px="md" py="lg" w="100%" lang={lang}>
      <Stack gap="md">
        <Title order={1} size="h2">
          {doc.title}
        </Title>
        <Text size="sm" c="dark.6">
          {t('legal.updated', { lng: lang })}:{' '}
          <time dateTime={doc.updated}>{formatDate(doc.updated, lang)}</time>
        </Text>
        {children}
        {doc.intro && <Text>{doc.intro}</Text>}
        {doc.sections.length > 3 && (
          <nav aria-label={t('legal.contents', { lng: lang })}>
            <Title order={2} size="h4" mb={4}>
              {t('legal.contents', { lng: lang })}
            </Title>
            <List size="sm" spacing={2} type="ordered">
              {doc.sections.map((s, i) => (
                <List.Item key={i}>
                  <Anchor href={`#${slug(i)}`}>{s.heading}</Anchor>
                </List.Item>
              ))}
            </List>
          </nav>
        )}
        {doc.sections.map((s, i) => (
          <section key={i} aria-labelledby={slug(i)}>
            <Title order={2} size="h4" id={slug(i)} mb="xs">
              {s.heading}
            </Title>
            <Stack gap="xs">
              {s.paragraphs.map((p, j) => (
                <Text key={j}>{p}</Text>
              ))}
              {s.items && s.items.length > 0 && (
                <List spacing={4}>
                  {s.items.map((it, j) => (
                    <List.Item key={j}>{it}</List.Item>
                  ))}
                </List>
              )}
            </Stack>
          </section>
        ))}
      </Stack>
    </Container>
  );
}

/**
 * /gtc and /privacy-statement follow the current language; the -hu routes are always Hungarian.
 * When the language is hu, the Hungarian variants are linked (SPEC §2).
 */
function DocPage({
  kind,
  forceHu,
  huRoute,
}: {
  kind: LegalDocumentKind;
  forceHu?: boolean;
  huRoute?: string;
}) {
  const { t } = useTranslation();
  const current = useLang();
  const lang = forceHu ? 'hu' : current;
  const doc = legalDocument(kind, lang);
  return (
    <LegalText doc={doc} lang={lang}>
      {!forceHu && current === 'hu' && huRoute && (
        <Anchor component={Link} to={huRoute} size="sm">
          {t('legal.hungarianVariant')}
        </Anchor>
      )}
      {forceHu && current === 'en' && (
        <Alert color="gray" variant="light" lang="en">
          {t('legal.onlyHungarian')}{' '}
          <Anchor component={Link} to={kind === 'gtc' ? '/gtc' : '/privacy-statement'}>
            {t('legal.englishVersion')}
          </Anchor>
        </Alert>
      )}
    </LegalText>
  );
}

export const GtcPage = () => <DocPage kind="gtc" huRoute="/gtc-hu" />;
export const GtcHuPage = () => <DocPage kind="gtc" forceHu />;
export const PrivacyPage = () => <DocPage kind="privacy" huRoute="/privacy-statement-hu" />;
export const PrivacyHuPage = () => <DocPage kind="privacy" forceHu />;
/** The privacy statement inside the onboarding wizard (no login, no main menu). */
export const PrivacyWizardPage = () => <DocPage kind="privacy" />;

/** /about-us with links to the privacy statement and the terms. */
export function AboutPage() {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <LegalText doc={legalDocument('about', lang)} lang={lang}>
      <Group gap="md">
        <Anchor component={Link} to={legalDocumentPath('privacy', lang)}>
          {t('about.privacyLink')}
        </Anchor>
        <Anchor component={Link} to={legalDocumentPath('gtc', lang)}>
          {t('about.gtcLink')}
        </Anchor>
        <Anchor component={Link} to="/open-source">
          {t('footer.openSource')}
        </Anchor>
      </Group>
    </LegalText>
  );
}

/** /support: phone and e-mail links and hours. */
export function SupportPage() {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Container size="sm" px="md" py="lg" w="100%">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('route.support')}
        </Title>
        <Text>{t('support.intro')}</Text>
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <div>
              <Text fw={600}>{t('support.phone')}</Text>
              <Anchor href={`tel:${support.phone.replace(/[^\d+]/g, '')}`} size="lg">
                {support.phone}
              </Anchor>
            </div>
            <div>
              <Text fw={600}>{t('support.email')}</Text>
              <Anchor href={`mailto:${support.email}`} size="lg">
                {support.email}
              </Anchor>
            </div>
            <div>
              <Text fw={600}>{t('support.hours')}</Text>
              <Text>{support.hours[lang]}</Text>
            </div>
          </Stack>
        </Paper>
        <Text size="sm">{t('support.billingNote')}</Text>
      </Stack>
    </Container>
  );
}
