import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Image,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError, apiRoutes, callApi, fileUrl } from '@/shared/api';
import { formatDate } from '@/shared/format';
import { useLang } from '@/shared/i18n/useLang';
import { parseId } from '@/shared/lib/useRouteQuery';
import { PageFrame } from '@/shared/ui';

/** Paragraphs separated by blank lines. */
export function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p, i) => (
          <Text key={i} style={{ whiteSpace: 'pre-line' }}>
            {p}
          </Text>
        ))}
    </>
  );
}

/** /news: title, date, description, optional thumbnail and a more button. */
export function NewsListPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const news = useQuery({
    queryKey: ['news', lang],
    queryFn: ({ signal }) => callApi(apiRoutes.news, { signal }),
  });
  return (
    <PageFrame title={t('route.news')}>
      {news.isPending ? (
        <Group justify="center" py="lg">
          <Loader aria-label={t('common.loading')} />
        </Group>
      ) : news.isError ? (
        <Alert color="red" role="alert">
          {t('news.loadFailed')}
        </Alert>
      ) : news.data.length === 0 ? (
        <Alert color="gray" role="status">
          {t('news.empty')}
        </Alert>
      ) : (
        <Stack component="ul" gap="md" className="vp-plain-list">
          {news.data.map((n) => (
            <li key={n.id}>
              <Card
                withBorder
                radius="md"
                padding="md"
                component="article"
                aria-labelledby={`news-${n.id}`}
              >
                {n.primaryImage && (
                  <Card.Section>
                    <Image
                      src={fileUrl('news_thumb', n.primaryImage, n.id)}
                      alt=""
                      h={160}
                      fit="cover"
                      loading="lazy"
                    />
                  </Card.Section>
                )}
                <Title order={2} size="h4" id={`news-${n.id}`} mt={n.primaryImage ? 'sm' : 0}>
                  {n.title}
                </Title>
                <Text size="sm" c="dark.6" component="time" dateTime={n.date}>
                  {formatDate(n.date, lang)}
                </Text>
                <Text mt="xs">{n.description}</Text>
                <Group mt="sm">
                  <Button
                    component={Link}
                    to={`/news/${n.id}`}
                    variant="light"
                    aria-label={`${t('news.more')}: ${n.title}`}
                  >
                    {t('news.more')}
                  </Button>
                </Group>
              </Card>
            </li>
          ))}
        </Stack>
      )}
    </PageFrame>
  );
}

/** /news/:id: one post. */
export function NewsPostPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const id = parseId(useParams().id);
  const post = useQuery({
    queryKey: ['news-post', id, lang],
    queryFn: ({ signal }) =>
      callApi(apiRoutes.newsPost, { params: { id: id! }, signal, inlineErrors: true }),
    enabled: id !== null,
    retry: (n, e) => !(e instanceof ApiError && e.status >= 400 && e.status < 500) && n < 1,
  });
  if (id === null || post.isError) {
    return (
      <PageFrame title={t('route.newsPost')}>
        <Alert color="yellow" role="alert">
          {t('news.notFound')}
        </Alert>
        <Anchor component={Link} to="/news">
          {t('news.back')}
        </Anchor>
      </PageFrame>
    );
  }
  if (post.isPending) {
    return (
      <PageFrame title={t('route.newsPost')}>
        <Group justify="center" py="lg">
          <Loader aria-label={t('common.loading')} />
        </Group>
      </PageFrame>
    );
  }
  const n = post.data;
  return (
    <PageFrame title={n.title}>
      <Text size="sm" c="dark.6" component="time" dateTime={n.date}>
        {formatDate(n.date, lang)}
      </Text>
      {n.primaryImage && (
        <Image
          src={fileUrl('news', n.primaryImage, n.id)}
          alt=""
          radius="md"
          mah={360}
          fit="cover"
        />
      )}
      <Text fw={600}>{n.description}</Text>
      <Paragraphs text={n.content} />
      {n.secondaryImage && (
        <Image
          src={fileUrl('news', n.secondaryImage, n.id)}
          alt=""
          radius="md"
          mah={360}
          fit="cover"
        />
      )}
      <Anchor component={Link} to="/news">
        {t('news.back')}
      </Anchor>
    </PageFrame>
  );
}
