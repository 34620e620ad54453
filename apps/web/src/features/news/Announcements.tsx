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
import { popupShownThisVisit, rememberPopupShown } from './popupRules';

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
  // onlyDisappearsWhenClicked: it closes only by its buttons, not by a click outside or Escape.
  const sticky = post.onlyDisappearsWhenClicked;
  return (
    <Modal
      opened
      onClose={onClose}
      title={post.title}
      size="md"
      centered
      closeOnClickOutside={!sticky}
      closeOnEscape={!sticky}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="news-popup"
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

function markNewsShown(publicationId: string) {
  const shown = parseShownNews(storage.get(STORAGE_KEYS.shownNews));
  if (!shown.includes(publicationId))
    storage.setJson(STORAGE_KEYS.shownNews, [...shown, publicationId]);
}

/**
 * At most one pop-up per visit (popupRules.ts): the advert when it is due, otherwise the newest
 * unseen news post, which is remembered as seen once shown. Layout mounts this only where a
 * pop-up may open (app/popupGate.ts).
 */
export function Announcements() {
  const lang = useLang();
  // Decided once per mount: a pop-up already shown in this visit means none now.
  const [allowed] = useState(() => !popupShownThisVisit());
  const [closed, setClosed] = useState(false);
  const [startedAt] = useState(() => Date.now());
  // The posts seen before this mount; the one shown now is added to storage but stays on screen.
  const [seenBefore] = useState(() => parseShownNews(storage.get(STORAGE_KEYS.shownNews)));

  const ad = useQuery({
    queryKey: ['front-page-ad', lang],
    queryFn: () => callApi(apiRoutes.frontPageAd, { busy: false, quiet: true }),
    enabled: allowed,
    staleTime: Infinity,
    retry: false,
  });
  const adDue = !!ad.data && shouldShowAd(readClosedAt(), ad.data.secondsToShowAgain, startedAt);

  const news = useQuery({
    queryKey: ['news-unseen', lang],
    queryFn: () =>
      callApi(apiRoutes.newsFiltered, {
        body: { shownNews: parseShownNews(storage.get(STORAGE_KEYS.shownNews)) },
        busy: false,
        quiet: true,
      }),
    enabled: allowed && ad.isFetched && !adDue,
    staleTime: Infinity,
    retry: false,
  });
  const post = !adDue ? news.data?.find((n) => !seenBefore.includes(n.publicationId)) : undefined;
  const popup: 'ad' | 'news' | null =
    !allowed || closed ? null : adDue ? 'ad' : post ? 'news' : null;

  useEffect(() => {
    if (popup === null) return;
    rememberPopupShown();
    if (popup === 'news' && post) markNewsShown(post.publicationId);
  }, [popup, post]);

  const close = () => setClosed(true);
  if (popup === 'ad' && ad.data)
    return (
      <AdOverlay
        ad={ad.data}
        onClose={() => {
          storage.set(STORAGE_KEYS.adClosedAt, String(Date.now()));
          close();
        }}
      />
    );
  if (popup === 'news' && post) return <NewsModal post={post} onClose={close} onRead={close} />;
  return null;
}
