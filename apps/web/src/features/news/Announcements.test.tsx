import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FrontPageAd, NewsPost } from '@voltpark/contract';
import { renderElementAt } from '@/test/render';
import { inHungarian } from '@/test/i18n';
import { popupAllowedHere } from '@/app/popupGate';
import { Announcements } from './Announcements';
import { resetVisitForTests } from './popupRules';

function ok(data: unknown) {
  return new Response(JSON.stringify({ result: true, data, messages: [], useAlert: false }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

const post = (n: number, sticky = false): NewsPost => ({
  id: n,
  title: `Hír ${n}`,
  date: '2026-11-20T10:00:00Z',
  description: `Leírás ${n}`,
  content: '',
  primaryImage: null,
  secondaryImage: null,
  publicationId: `pub-${n}`,
  onlyDisappearsWhenClicked: sticky,
});
const ad: FrontPageAd = {
  id: 1,
  image: 'Reklám',
  fileUrl: '/ad.png',
  fileSmallUrl: '/ad-small.png',
  timeoutInSeconds: 10,
  secondsToShowAgain: 3600,
};

/** A server that, like ours, leaves out the posts named in shownNews. */
function server(theAd: FrontPageAd | null, posts: NewsPost[]) {
  return vi.fn(async (input: string, init?: RequestInit) => {
    const p = new URL(String(input), 'http://x').pathname;
    if (p === '/api/v1/front-page-ad') return ok(theAd);
    if (p === '/api/v1/news/filtered') {
      const { shownNews } = JSON.parse(String(init?.body ?? '{}')) as { shownNews: string[] };
      return ok(posts.filter((x) => !shownNews.includes(x.publicationId)));
    }
    return ok(null);
  });
}

const dialogs = () => screen.queryAllByRole('dialog');

describe('pop-ups: at most one per visit, seen news remembered', () => {
  inHungarian();
  beforeEach(() => {
    localStorage.clear();
    resetVisitForTests();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the due advert and then no news in the same visit', async () => {
    vi.stubGlobal('fetch', server(ad, [post(1), post(2)]));
    renderElementAt(<Announcements />);
    expect(await screen.findByTestId('front-page-ad')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Hirdetés bezárása' }).at(-1)!);
    await waitFor(() => expect(screen.queryByTestId('front-page-ad')).toBeNull());
    // Give the app time to ask for news: it must not show any.
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByText('Hír 1')).toBeNull();
    expect(dialogs()).toHaveLength(0);
  });

  it('shows one news post, never the next one in the same visit, and never the seen one again', async () => {
    vi.stubGlobal('fetch', server(null, [post(1, true), post(2), post(3)]));
    renderElementAt(<Announcements />);
    expect(await screen.findByText('Hír 1')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Bezárás' }).at(-1)!);
    await waitFor(() => expect(screen.queryByText('Hír 1')).toBeNull());
    expect(screen.queryByText('Hír 2')).toBeNull();
    expect(JSON.parse(localStorage.getItem('shownNews')!)).toEqual(['pub-1']);

    // A page load in the same visit: nothing.
    cleanup();
    renderElementAt(<Announcements />);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(dialogs()).toHaveLength(0);

    // The next visit: the next unseen post, not the sticky one already seen.
    resetVisitForTests();
    renderElementAt(<Announcements />);
    expect(await screen.findByText('Hír 2')).toBeTruthy();
    expect(screen.queryByText('Hír 1')).toBeNull();
  });

  it('opens only on the home and map screens with no location panel open', () => {
    const map = { fullscreen: true, noFullScreenAd: false };
    expect(popupAllowedHere(map, '')).toBe(true);
    expect(popupAllowedHere(map, '?showLocation=12&tab=charger')).toBe(false);
    expect(popupAllowedHere(map, '?locationId=12')).toBe(false);
    // The charger page, wizards, top-up and the other screens are flows in progress.
    expect(popupAllowedHere({ fullscreen: false, noFullScreenAd: false }, '')).toBe(false);
    expect(popupAllowedHere({ fullscreen: true, noFullScreenAd: true }, '')).toBe(false);
    expect(popupAllowedHere(null, '')).toBe(false);
  });
});
