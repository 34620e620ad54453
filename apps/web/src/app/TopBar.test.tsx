import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { inHungarian } from '@/test/i18n';
import { renderElementAt } from '@/test/render';
import type * as Session from '@/shared/session';
import { TopBar } from './TopBar';

vi.mock('@/shared/session', async (orig) => ({
  ...(await orig<typeof Session>()),
  useSession: () => ({ loggedIn: true }),
  isLoggedIn: () => false,
}));
vi.mock('@/shared/lib/serverMode', () => ({ useServerMode: () => 'sandbox' }));
vi.mock('@/features/charging', () => ({
  RunningChargeIndicator: () => <a href="/charge-history" data-testid="charge-ind" />,
}));
vi.mock('@/features/roaming', () => ({ RoamingChargeIndicator: () => null }));
vi.mock('@/features/parking', () => ({
  ParkingIndicator: () => <a href="/parking-history" data-testid="parking-ind" />,
}));

const css = readFileSync(join(__dirname, 'global.css'), 'utf8');

describe('top bar with a charge and a parking running (component)', () => {
  inHungarian();

  it('shows both live icons, both flags for wide screens and one toggle for narrow ones', async () => {
    renderElementAt(<TopBar showMenu />);
    await screen.findByTestId('parking-ind');
    expect(screen.getByTestId('charge-ind')).toBeTruthy();
    expect(screen.getByTestId('sandbox-badge')).toBeTruthy();

    const pair = screen.getByRole('group', { name: 'Nyelv' });
    expect(pair.classList.contains('vp-lang-pair')).toBe(true);
    const flags = within(pair).getAllByRole('button');
    expect(flags.map((b) => b.getAttribute('aria-label'))).toEqual(['Magyar', 'English']);
    expect(flags.map((b) => b.getAttribute('aria-pressed'))).toEqual(['true', 'false']);

    // The toggle names and shows the other language only.
    const toggle = screen.getByTestId('language-toggle');
    expect(toggle.getAttribute('aria-label')).toBe('English');
    expect(toggle.getAttribute('lang')).toBe('en');
    expect(toggle.classList.contains('vp-lang-toggle')).toBe(true);
    expect(toggle.querySelectorAll('svg')).toHaveLength(1);
    // Each drawn UK flag has its own clip ids.
    const ids = [...document.querySelectorAll('clipPath')].map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);

    fireEvent.click(toggle);
    await vi.waitFor(() =>
      expect(screen.getByTestId('language-toggle').getAttribute('aria-label')).toBe('Magyar'),
    );
    fireEvent.click(screen.getByTestId('language-toggle'));
    await vi.waitFor(() =>
      expect(screen.getByTestId('language-toggle').getAttribute('aria-label')).toBe('English'),
    );
  });

  it('the stylesheet shows the toggle instead of the pair at ≤ 30em only', () => {
    expect(css).toMatch(/\.vp-lang-toggle \{\s*display: none;/);
    const narrow = css.slice(css.indexOf('@media (max-width: 30em) {\n  .vp-lang-pair'));
    expect(narrow).toMatch(/^@media \(max-width: 30em\) \{\s*\.vp-lang-pair \{\s*display: none;/);
    expect(narrow).toMatch(/\.vp-lang-toggle \{\s*display: inline-flex;/);
  });
});
