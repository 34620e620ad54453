import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TraitValue } from '@voltpark/contract';
import { renderElementAt } from '@/test/render';
import { inHungarian } from '@/test/i18n';
import { StatusBadge } from './StatusBadge';
import { Traits } from './Traits';

const text = (identifier: string, value: string): TraitValue => ({
  trait: {
    id: identifier.length,
    name: identifier,
    type: 'TEXT',
    identifier,
    unit: null,
    major: false,
    orderNumber: 1,
  },
  value,
  listItem: null,
  listItems: [],
  listStrings: [],
  numericValue: null,
});

describe('long texts at 390 px: badges and links wrap instead of being cut off', () => {
  inHungarian();

  it('a status badge holds its whole text and may wrap', async () => {
    renderElementAt(<StatusBadge status="OCCUPIED" fallbackTitle="Foglalt" />);
    const label = await screen.findByText(
      (_, el) => el?.className.includes('Badge-label') ?? false,
    );
    expect(label.textContent).not.toMatch(/…$/);
    expect(label.textContent!.length).toBeGreaterThan(3);
    expect(label.style.whiteSpace).toBe('normal');
    expect(label.style.overflow).toBe('visible');
    expect(label.style.textOverflow).toBe('clip');
    const root = label.closest('.mantine-Badge-root') as HTMLElement;
    expect(root.style.height).toBe('auto');
  });

  it('web and e-mail links in place details break anywhere', async () => {
    const web = 'https://nagyonhosszunevubevasarlokozpont.example.hu/kapcsolat';
    const mail = 'info@nagyonhosszunevubevasarlokozpont.example.hu';
    renderElementAt(<Traits traits={[text('SITE_WEB', web), text('SITE_EMAIL', mail)]} />);
    const links = await screen.findAllByRole('link');
    expect(links.map((l) => l.textContent).sort()).toEqual([web, mail].sort());
    for (const link of links) expect(link.style.overflowWrap).toBe('anywhere');
  });

  it('a long one-word trait name wraps inside its cell', async () => {
    renderElementAt(<Traits traits={[text('Roamingpartnerek', 'Hubject')]} />);
    const name = await screen.findByText('Roamingpartnerek');
    expect(name.style.overflowWrap).toBe('anywhere');
  });
});
