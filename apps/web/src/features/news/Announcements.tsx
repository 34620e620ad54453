import { useEffect, useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { FrontPageAd, NewsPost } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiRoutes, buildUrl, callApi, fileUrl } from '@/shared/api';
import { useLang } from '@/shared/i18n/useLang';
import { storage, STORAGE_KEYS } from '@/shared/lib/storage';
import { parseShownNews, shouldShowAd } from './adTiming';

function adImage(v: string): string {
  return v.startsWith('/') || /^https?:\/\//.test(v) ? v : fileUrl('front-page-ads', v);
}

function readClosedAt(): number | null {
  const v = Number(storage.get(STORAGE_KEYS.adClosedAt));
  return storage.get(STORAGE_KEYS.adClosedAt) !== null && Number.isFinite(v) ? v : null;
}

/** Front-page advert overlay with a countdown (SPEC §2 News, §4 Front-page ad). */
function AdOverlay({ ad, onClose }: { ad: FrontPageAd; onClose: () => void }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(ad.timeoutInSeconds);
  useEffect(() => {
    if (ad.timeoutInSeconds <= 0) return;
    const timer = setInterval(() => setLeft((s) => s - 1), 1000);
    return () => clearInterval(timer);
  }, [ad.timeoutInSeconds]);
  useEffect(() => {
    if (ad.timeoutInSeconds > 0 && left <= 0) onClose();
  }, [left, ad.timeoutInSeconds, onClose]);

  const href = buildUrl(apiRoutes.frontPageAdRedirect, { id: ad.id });
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('ad.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('ad.close') }}
      data-testid="front-page-ad"
    >
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`${ad.image || t('ad.title')} (${t('common.newTab')})`}
      >
        <picture>
          <source media="(min-width: 600px)" srcSet={adImage(ad.fileUrl)} />
          <img
            src={adImage(ad.fileSmallUrl || ad.fileUrl)}
            alt={ad.image}
            className="vp-ad-image"
          />
        </picture>
      </a>
      <Group justify="space-between" mt="md">
        {ad.timeoutInSeconds > 0 ? (
          <Text size="sm" data-testid="ad-countdown">
            {t('ad.countdown', { count: Math.max(left, 0) })}
          </Text>
        ) : (
          <span />
        )}
        <Button variant="default" onClick={onClose}>
          {t('ad.close')}
        </Button>
      </Group>
    </Modal>
  );
}

function NewsModal({
  post,
  onClose,
  onRead,
}: {
  post: NewsPost;
  onClose: () => void;
  onRead: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      title={post.title}
      size="md"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Text>{post.description}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('common.close')}
        </Button>
        <Button component={Link} to={`/news/${post.id}`} onClick={onRead}>
          {t('news.more')}
        </Button>
      </Group>
    </Modal>
  );
}

let adHandledThisSession = false;

/** The advert first, then unseen news posts one at a time; not on noFullScreenAd routes. */
export function Announcements() {
  const lang = useLang();
  const [adClosed, setAdClosed] = useState(adHandledThisSession);
  const [dismissed, setDismissed] = useState<string[]>([]);
  const [startedAt] = useState(() => Date.now());

  const ad = useQuery({
    queryKey: ['front-page-ad', lang],
    queryFn: () => callApi(apiRoutes.frontPageAd, { busy: false, quiet: true }),
    staleTime: Infinity,
    retry: false,
  });
  const adVisible =
    !adClosed && !!ad.data && shouldShowAd(readClosedAt(), ad.data.secondsToShowAgain, startedAt);
  const adSettled = adClosed || ad.isFetched;

  const news = useQuery({
    queryKey: ['news-unseen', lang],
    queryFn: () =>
      callApi(apiRoutes.newsFiltered, {
        body: { shownNews: parseShownNews(storage.get(STORAGE_KEYS.shownNews)) },
        busy: false,
        quiet: true,
      }),
    enabled: adSettled && !adVisible,
    staleTime: Infinity,
    retry: false,
  });

  const closeAd = () => {
    adHandledThisSession = true;
    storage.set(STORAGE_KEYS.adClosedAt, String(Date.now()));
    setAdClosed(true);
  };

  if (adVisible && ad.data) return <AdOverlay ad={ad.data} onClose={closeAd} />;

  const post = news.data?.find((n) => !dismissed.includes(n.publicationId));
  if (!post) return null;
  const markShown = () => {
    const shown = parseShownNews(storage.get(STORAGE_KEYS.shownNews));
    if (!shown.includes(post.publicationId))
      storage.setJson(STORAGE_KEYS.shownNews, [...shown, post.publicationId]);
  };
  return (
    <NewsModal
      post={post}
      onClose={() => {
        if (!post.onlyDisappearsWhenClicked) markShown();
        setDismissed((d) => [...d, post.publicationId]);
      }}
      onRead={() => {
        markShown();
        setDismissed((d) => [...d, post.publicationId]);
      }}
    />
  );
}
