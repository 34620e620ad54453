import { formatCompact } from '../format';
import type { OutletType, TraitValue } from '@voltpark/contract';

/** Plug names as drivers know them (SPEC §2 Charger view: Type 2, CHAdeMO, CCS). */
export const PLUG_NAMES: Record<OutletType, string> = {
  TYPE2: 'Type 2',
  CHADEMO: 'CHAdeMO',
  CCS: 'CCS',
};

export function plugName(v: string): string {
  const key = v
    .trim()
    .toUpperCase()
    .replace(/[\s_-]/g, '');
  if (key === 'TYPE2') return PLUG_NAMES.TYPE2;
  if (key === 'CHADEMO') return PLUG_NAMES.CHADEMO;
  if (key === 'CCS' || key === 'CCS2' || key === 'COMBO') return PLUG_NAMES.CCS;
  return v;
}

/** How one trait value shows (SPEC §2 Charger view, trait display). */
export type TraitDisplay =
  | { kind: 'link'; text: string; href: string }
  | { kind: 'email'; text: string; href: string }
  | { kind: 'phone'; text: string; href: string }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'text'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'outlets'; items: string[] }
  | { kind: 'performance'; value: number; unit: string };

export interface TraitRow {
  id: number;
  name: string;
  major: boolean;
  display: TraitDisplay;
}

function rawValues(tv: TraitValue): string[] {
  switch (tv.trait.type) {
    case 'LIST_SINGLE':
      return tv.listItem ? [tv.listItem.value] : tv.value ? [tv.value] : [];
    case 'LIST_MULTIPLE':
      return tv.listItems.length ? tv.listItems.map((i) => i.value) : tv.value ? [tv.value] : [];
    case 'LIST_CUSTOM':
      return tv.listStrings.length ? tv.listStrings : tv.value ? [tv.value] : [];
    default:
      return tv.value != null && tv.value.trim() !== '' ? [tv.value.trim()] : [];
  }
}

function webHref(v: string): string {
  return /^https?:\/\//i.test(v) ? v : `https://${v}`;
}

/**
 * A measured value ("Max. height" in m) in the language's number format (2,3 in hu, 2.3 in en):
 * its numeric value, or the text when it is a plain number; any other text as it is.
 */
function measure(tv: TraitValue, text: string): string {
  const n =
    tv.numericValue ?? (/^\d+([.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : null);
  return n === null || !Number.isFinite(n) ? text : formatCompact(n);
}

/** The display of a trait value, or null when it has nothing to show. */
export function traitDisplay(tv: TraitValue): TraitDisplay | null {
  const id = tv.trait.identifier;
  const values = rawValues(tv).filter((v) => v.trim() !== '');

  if (id === 'performance') {
    const n =
      tv.numericValue ?? (values[0] !== undefined ? Number(values[0].replace(',', '.')) : NaN);
    if (!Number.isFinite(n)) return null;
    return { kind: 'performance', value: n, unit: tv.trait.unit ?? 'kW' };
  }
  if (id === 'outlets') {
    const items = values
      .flatMap((v) => v.split(','))
      .map((v) => plugName(v.trim()))
      .filter(Boolean);
    return items.length ? { kind: 'outlets', items } : null;
  }
  if (tv.trait.type === 'BOOLEAN') {
    const v = (tv.value ?? '').trim().toLowerCase();
    if (v === '') return null;
    return { kind: 'boolean', value: v === 'true' || v === '1' || v === 'yes' || v === 'igen' };
  }
  if (values.length === 0) return null;
  const first = values[0]!;
  if (id.includes('_WEB')) return { kind: 'link', text: first, href: webHref(first) };
  if (id.includes('_EMAIL')) return { kind: 'email', text: first, href: `mailto:${first}` };
  if (id.includes('_PHONE'))
    return { kind: 'phone', text: first, href: `tel:${first.replace(/[^\d+]/g, '')}` };
  if (tv.trait.type === 'LIST_MULTIPLE' || tv.trait.type === 'LIST_CUSTOM')
    return { kind: 'list', items: values };
  const text =
    tv.trait.unit && tv.trait.type === 'TEXT' ? `${measure(tv, first)} ${tv.trait.unit}` : first;
  return { kind: 'text', text };
}

/** Displayable traits sorted by orderNumber; `majorOnly` keeps the major ones (parking lot details). */
export function traitRows(
  traits: readonly TraitValue[],
  opts: { majorOnly?: boolean } = {},
): TraitRow[] {
  return [...traits]
    .filter((tv) => !opts.majorOnly || tv.trait.major)
    .sort(
      (a, b) =>
        a.trait.orderNumber - b.trait.orderNumber || a.trait.name.localeCompare(b.trait.name),
    )
    .flatMap((tv) => {
      const display = traitDisplay(tv);
      return display
        ? [{ id: tv.trait.id, name: tv.trait.name, major: tv.trait.major, display }]
        : [];
    });
}
