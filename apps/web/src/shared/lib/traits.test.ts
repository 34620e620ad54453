import { describe, expect, it } from 'vitest';
import type { TraitValue } from '@voltpark/contract';
import { inHungarian } from '@/test/i18n';
import { setLanguage } from '../i18n';
import { plugName, traitDisplay, traitRows } from './traits';

let nextId = 1;
function tv(
  identifier: string,
  type: TraitValue['trait']['type'],
  v: Partial<Omit<TraitValue, 'trait'>> = {},
  trait: Partial<TraitValue['trait']> = {},
): TraitValue {
  return {
    trait: {
      id: nextId++,
      name: identifier,
      type,
      identifier,
      unit: null,
      major: false,
      orderNumber: 0,
      ...trait,
    },
    value: null,
    listItem: null,
    listItems: [],
    listStrings: [],
    numericValue: null,
    ...v,
  };
}

describe('trait rendering rules (SPEC §2 Charger view)', () => {
  inHungarian();

  it('renders *_WEB as a link, *_EMAIL as mailto and *_PHONE as tel', () => {
    expect(traitDisplay(tv('SHOP_WEB', 'TEXT', { value: 'voltpark.hu' }))).toEqual({
      kind: 'link',
      text: 'voltpark.hu',
      href: 'https://voltpark.hu',
    });
    expect(traitDisplay(tv('CONTACT_WEB', 'TEXT', { value: 'https://x.hu/a' }))).toMatchObject({
      href: 'https://x.hu/a',
    });
    expect(traitDisplay(tv('OPERATOR_EMAIL', 'TEXT', { value: 'info@voltpark.hu' }))).toEqual({
      kind: 'email',
      text: 'info@voltpark.hu',
      href: 'mailto:info@voltpark.hu',
    });
    expect(traitDisplay(tv('OPERATOR_PHONE', 'TEXT', { value: '+36 1 555 0199' }))).toEqual({
      kind: 'phone',
      text: '+36 1 555 0199',
      href: 'tel:+3615550199',
    });
  });

  it('names plugs for the outlets trait', () => {
    expect(
      traitDisplay(
        tv('outlets', 'LIST_MULTIPLE', {
          listItems: [
            { id: 1, value: 'TYPE2' },
            { id: 2, value: 'CHADEMO' },
            { id: 3, value: 'CCS' },
          ],
        }),
      ),
    ).toEqual({
      kind: 'outlets',
      items: ['Type 2', 'CHAdeMO', 'CCS'],
    });
    expect(traitDisplay(tv('outlets', 'TEXT', { value: 'TYPE2, CCS' }))).toEqual({
      kind: 'outlets',
      items: ['Type 2', 'CCS'],
    });
    expect(plugName('Type 2')).toBe('Type 2');
  });

  it('shows performance as number plus unit', () => {
    expect(traitDisplay(tv('performance', 'TEXT', { numericValue: 22 }, { unit: 'kW' }))).toEqual({
      kind: 'performance',
      value: 22,
      unit: 'kW',
    });
    expect(traitDisplay(tv('performance', 'TEXT', { value: '7,4' }))).toEqual({
      kind: 'performance',
      value: 7.4,
      unit: 'kW',
    });
  });

  it('handles every trait type', () => {
    expect(traitDisplay(tv('covered', 'BOOLEAN', { value: 'true' }))).toEqual({
      kind: 'boolean',
      value: true,
    });
    expect(traitDisplay(tv('covered', 'BOOLEAN', { value: 'false' }))).toEqual({
      kind: 'boolean',
      value: false,
    });
    expect(
      traitDisplay(tv('surface', 'LIST_SINGLE', { listItem: { id: 1, value: 'Aszfalt' } })),
    ).toEqual({ kind: 'text', text: 'Aszfalt' });
    expect(
      traitDisplay(
        tv('services', 'LIST_MULTIPLE', {
          listItems: [
            { id: 1, value: 'WC' },
            { id: 2, value: 'Kávé' },
          ],
        }),
      ),
    ).toEqual({
      kind: 'list',
      items: ['WC', 'Kávé'],
    });
    expect(traitDisplay(tv('notes', 'LIST_CUSTOM', { listStrings: ['a', 'b'] }))).toEqual({
      kind: 'list',
      items: ['a', 'b'],
    });
    expect(traitDisplay(tv('height', 'TEXT', { value: '2,1' }, { unit: 'm' }))).toEqual({
      kind: 'text',
      text: '2,1 m',
    });
  });

  it('shows a measured value in the language’s number format', async () => {
    const height = (v: Partial<Omit<TraitValue, 'trait'>>) =>
      traitDisplay(tv('MAX_HEIGHT', 'TEXT', v, { unit: 'm' }));
    expect(height({ value: '2.3', numericValue: 2.3 })).toEqual({ kind: 'text', text: '2,3 m' });
    expect(height({ value: '2.3' })).toEqual({ kind: 'text', text: '2,3 m' });
    expect(height({ value: 'kb. 2' })).toEqual({ kind: 'text', text: 'kb. 2 m' });
    await setLanguage('en');
    expect(height({ value: '2,3' })).toEqual({ kind: 'text', text: '2.3 m' });
    await setLanguage('hu');
  });

  it('skips empty values and sorts by order number', () => {
    expect(traitDisplay(tv('x', 'TEXT', { value: '  ' }))).toBeNull();
    expect(traitDisplay(tv('x', 'LIST_MULTIPLE'))).toBeNull();
    expect(traitDisplay(tv('x', 'BOOLEAN'))).toBeNull();
    const rows = traitRows([
      tv('b', 'TEXT', { value: 'B' }, { orderNumber: 2, major: true }),
      tv('a', 'TEXT', { value: 'A' }, { orderNumber: 1 }),
      tv('empty', 'TEXT', {}, { orderNumber: 0, major: true }),
    ]);
    expect(rows.map((r) => r.name)).toEqual(['a', 'b']);
    expect(
      traitRows(
        rows.length
          ? [tv('b', 'TEXT', { value: 'B' }, { major: true }), tv('a', 'TEXT', { value: 'A' })]
          : [],
        { majorOnly: true },
      ).map((r) => r.name),
    ).toEqual(['b']);
  });
});
