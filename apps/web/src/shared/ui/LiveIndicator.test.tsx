import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderElementAt } from '@/test/render';
import { LiveIndicator } from './LiveIndicator';

const icon = <path d="M0 0h24v24H0z" />;

describe('a top-bar live indicator (component)', () => {
  it('links to its screen, named "what – state", its icon hidden from screen readers', () => {
    renderElementAt(
      <LiveIndicator to="/charge-history" name="Töltés" state="Tölt" testId="live">
        {icon}
      </LiveIndicator>,
      '/map',
    );
    const link = screen.getByRole('link', { name: 'Töltés – Tölt' });
    expect(link.getAttribute('href')).toBe('/charge-history');
    expect(link.getAttribute('title')).toBe('Töltés – Tölt');
    expect(link.getAttribute('data-testid')).toBe('live');
    expect(link.getAttribute('aria-current')).toBeNull();
    const svg = link.querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.querySelector('path')?.getAttribute('d')).toBe('M0 0h24v24H0z');
  });

  it('is the current page on its own screen', () => {
    renderElementAt(
      <LiveIndicator to="/parking-history" name="Parkolás" state="Folyamatban" testId="live">
        {icon}
      </LiveIndicator>,
      '/parking-history',
    );
    expect(screen.getByTestId('live').getAttribute('aria-current')).toBe('page');
  });
});
