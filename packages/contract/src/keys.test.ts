import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import hu from '../locales/hu.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import { startChargeErrorCodeSchema, startChargeErrorMessageKey } from './charging.js';
import { gateErrorCodeSchema, gateErrorMessageKey } from './gates.js';

const dir = fileURLToPath(new URL('.', import.meta.url));
const sources = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => [f, readFileSync(`${dir}/${f}`, 'utf8')] as const);

describe('message keys used by the schemas', () => {
  it('are in both catalogs', () => {
    const used = new Set<string>();
    for (const [, text] of sources) {
      for (const m of text.matchAll(/'((?:invalid|charge\.error)\.[A-Za-z_.]+)'/g))
        used.add(m[1] as string);
    }
    expect(used.size).toBeGreaterThan(15);
    for (const key of used) {
      expect(hu, key).toHaveProperty([key]);
      expect(en, key).toHaveProperty([key]);
    }
  });

  it('cover every start error code', () => {
    for (const code of startChargeErrorCodeSchema.options) {
      expect(hu).toHaveProperty([startChargeErrorMessageKey(code)]);
    }
  });

  it('cover every gate error code in both languages', () => {
    for (const code of gateErrorCodeSchema.options) {
      expect(hu, code).toHaveProperty([gateErrorMessageKey(code)]);
      expect(en, code).toHaveProperty([gateErrorMessageKey(code)]);
    }
  });

  it("quote SPEC's texts where SPEC gives them", () => {
    expect(hu['invalid.email']).toBe('Érvénytelen e-mail cím formátum!');
    expect(en['invalid.email']).toBe('Invalid e-mail format');
    expect(en['invalid.required']).toBe('Mandatory field!');
    expect(en['invalid.passwordMismatch']).toBe('Passwords do not match');
    expect(en['invalid.phone']).toBe('Invalid phone number format!');
    expect(hu['login.badCredentials']).toBe(
      'Nem létezik ilyen nevű felhasználó, vagy a jelszó hibás!',
    );
    expect(hu['parking.gateOpenError']).toBe('Hiba történt a kapu nyitásakor!');
  });
});
