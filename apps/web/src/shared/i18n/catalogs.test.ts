import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectLanguage } from './index';
import huChunk from '../../locales/hu';
import enChunk from '../../locales/en';

const src = join(__dirname, '..', '..');
const areaFiles = import.meta.glob<Record<string, string>>('../../locales/*/*.json', {
  import: 'default',
  eager: true,
});

function catalogOf(lang: string): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const [file, part] of Object.entries(areaFiles)) {
    if (!file.includes(`/locales/${lang}/`)) continue;
    for (const [k, v] of Object.entries(part)) {
      if (k in merged) throw new Error(`${file}: key ${k} is already in another ${lang} area file`);
      merged[k] = v;
    }
  }
  return merged;
}
const hu = catalogOf('hu');
const en = catalogOf('en');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (name === 'node_modules' || name === 'texts') return [];
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(name) && !/\.test\./.test(name) ? [p] : [];
  });
}

describe('i18n catalogs', () => {
  it('has the same area files in hu and en', () => {
    const areas = (lang: string) =>
      Object.keys(areaFiles)
        .filter((f) => f.includes(`/locales/${lang}/`))
        .map((f) => f.split('/').pop())
        .sort();
    expect(areas('en')).toEqual(areas('hu'));
    expect(areas('hu').length).toBeGreaterThan(0);
  });

  it('the language chunk the app loads holds every area file', () => {
    expect(huChunk).toEqual(hu);
    expect(enChunk).toEqual(en);
  });

  it('hu and en have identical key sets', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(hu).sort());
  });

  it('has no empty values', () => {
    for (const [lang, cat] of Object.entries({ hu, en })) {
      for (const [k, v] of Object.entries(cat)) {
        expect(typeof v === 'string' && v.trim().length > 0, `${lang}:${k}`).toBe(true);
      }
    }
  });

  it('uses the same placeholders in both languages', () => {
    const vars = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort().join(',');
    for (const k of Object.keys(hu)) expect(vars(en[k] ?? ''), k).toBe(vars(hu[k] ?? ''));
  });

  it('contains every literal key the code uses', () => {
    const keys = new Set(Object.keys(hu).map((k) => k.replace(/_(one|other)$/, '')));
    const missing: string[] = [];
    for (const file of sourceFiles(src)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z][\w.]*)'/g))
        if (!keys.has(m[1]!)) missing.push(`${file}: ${m[1]}`);
      for (const m of text.matchAll(/(?:titleKey|key): '([a-zA-Z][\w.]*)'/g))
        if (!keys.has(m[1]!)) missing.push(`${file}: ${m[1]}`);
      for (const m of text.matchAll(/meta\(\s*'\w+',\s*'([\w.]+)'/g))
        if (!keys.has(m[1]!)) missing.push(`${file}: ${m[1]}`);
    }
    expect(missing).toEqual([]);
  });
});

describe('language detection', () => {
  it('prefers a stored choice, else hu for hu* browsers, else en', () => {
    expect(detectLanguage('en', 'hu-HU')).toBe('en');
    expect(detectLanguage(null, 'hu-HU')).toBe('hu');
    expect(detectLanguage(null, 'hu')).toBe('hu');
    expect(detectLanguage(null, 'de-DE')).toBe('en');
    expect(detectLanguage('xx', undefined)).toBe('en');
  });
});
