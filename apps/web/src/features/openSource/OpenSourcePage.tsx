import { Accordion, Alert, Anchor, Code, Group, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageFrame } from '@/shared/ui';

/** One bundled package, as written by the build (vite.config.ts → open-source-licenses.json). */
export interface LicenceEntry {
  name: string;
  version: string;
  license: string;
  licenseText: string | null;
  noticeText: string | null;
  homepage: string | null;
}

/** /open-source: the licences of the packages actually bundled, generated at build time. */
export function OpenSourcePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useQuery({
    queryKey: ['open-source-licenses'],
    queryFn: async () => {
      const res = await fetch('/open-source-licenses.json');
      if (!res.ok) throw new Error(String(res.status));
      return (await res.json()) as LicenceEntry[];
    },
    staleTime: Infinity,
    retry: false,
  });
  const canGoBack =
    typeof window !== 'undefined' && (window.history.state as { idx?: number } | null)?.idx;

  return (
    <PageFrame title={t('route.openSource')} size="md">
      {!!canGoBack && (
        <Group>
          <Anchor component="button" type="button" onClick={() => void navigate(-1)}>
            {t('common.back')}
          </Anchor>
        </Group>
      )}
      <Text>{t('openSource.intro')}</Text>
      {list.isPending ? (
        <Loader aria-label={t('common.loading')} />
      ) : list.isError ? (
        <Alert color="gray" role="status">
          {t('openSource.unavailable')}
        </Alert>
      ) : (
        <>
          <Text size="sm">{t('openSource.count', { count: list.data.length })}</Text>
          <Accordion variant="separated" multiple>
            {list.data.map((d) => (
              <Accordion.Item key={`${d.name}@${d.version}`} value={`${d.name}@${d.version}`}>
                <Accordion.Control>
                  <Text fw={600} component="span">
                    {d.name}
                  </Text>{' '}
                  <Text component="span" size="sm">
                    {d.version} · {d.license}
                  </Text>
                </Accordion.Control>
                <Accordion.Panel>
                  {d.homepage && (
                    <Anchor href={d.homepage} target="_blank" rel="noopener noreferrer" size="sm">
                      {d.homepage}
                    </Anchor>
                  )}
                  {d.licenseText ? (
                    <Code
                      block
                      mt="xs"
                      style={{ whiteSpace: 'pre-wrap', maxHeight: 400, overflow: 'auto' }}
                      tabIndex={0}
                    >
                      {d.licenseText}
                    </Code>
                  ) : (
                    <Text size="sm" mt="xs">
                      {t('openSource.noText', { license: d.license })}
                    </Text>
                  )}
                  {d.noticeText && (
                    <Code block mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
                      {d.noticeText}
                    </Code>
                  )}
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </>
      )}
    </PageFrame>
  );
}
