import { describe, expect, it } from 'vitest';
import { availableTabs, defaultTab } from './tabs';

const all = { parking: true, charger: true, poi: true };

describe('location panel tabs', () => {
  it('uses the tab passed in when it has content', () => {
    expect(defaultTab('charger', all)).toBe('charger');
    expect(defaultTab('poi', all)).toBe('poi');
    expect(defaultTab('service', all)).toBe('poi');
  });
  it('falls back to parking, then charger, then poi', () => {
    expect(defaultTab(null, all)).toBe('parking');
    expect(defaultTab(undefined, { parking: false, charger: true, poi: true })).toBe('charger');
    expect(defaultTab('', { parking: false, charger: false, poi: true })).toBe('poi');
  });
  it('ignores a passed tab without content or an unknown name', () => {
    expect(defaultTab('parking', { parking: false, charger: true, poi: false })).toBe('charger');
    expect(defaultTab('nonsense', { parking: false, charger: false, poi: true })).toBe('poi');
  });
  it('returns null when nothing has content and lists only tabs with content', () => {
    expect(defaultTab('charger', { parking: false, charger: false, poi: false })).toBeNull();
    expect(availableTabs({ parking: false, charger: true, poi: true })).toEqual(['charger', 'poi']);
  });
});
