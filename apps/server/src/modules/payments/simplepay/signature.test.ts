import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { phpJsonEncode } from './php-json.js';
import { signMessage, verifySignature } from './signature.js';
import { simplePayTime } from './time.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const vectors = JSON.parse(
  readFileSync(path.resolve(here, '../../../../../../../shared/simplepay/vectors.json'), 'utf8'),
) as { what: string; secretKey: string; message: string; signature: string }[];

describe('SimplePay signatures', () => {
  it.each(vectors.map((v) => [v.what, v] as const))('reproduces %s byte for byte', (_what, v) => {
    expect(signMessage(v.secretKey, v.message)).toBe(v.signature);
    expect(verifySignature(v.secretKey, v.message, v.signature)).toBe(true);
  });

  it('rejects a tampered message, a wrong key, a truncated or missing signature', () => {
    const v = vectors[0]!;
    expect(verifySignature(v.secretKey, v.message.replace('"25"', '"26"'), v.signature)).toBe(
      false,
    );
    expect(verifySignature('another-secret', v.message, v.signature)).toBe(false);
    expect(verifySignature(v.secretKey, v.message, v.signature.slice(0, 20))).toBe(false);
    expect(verifySignature(v.secretKey, v.message, undefined)).toBe(false);
    expect(verifySignature(v.secretKey, v.message, '')).toBe(false);
  });

  it('accepts a signature whose + arrived as a space in a query string', () => {
    const v = vectors[2]!;
    let message = v.message;
    for (let i = 0; !signMessage(v.secretKey, message).includes('+'); i++)
      message = `${v.message}${i}`;
    const signature = signMessage(v.secretKey, message);
    expect(verifySignature(v.secretKey, message, signature.replace(/\+/g, ' '))).toBe(true);
  });

  it('encodes the first vector exactly as the PHP SDK does', () => {
    const v = vectors[0]!;
    const reEncoded = phpJsonEncode(JSON.parse(v.message));
    expect(reEncoded).toBe(v.message);
  });
});

describe('phpJsonEncode', () => {
  it('escapes slashes and non-ASCII like json_encode', () => {
    expect(phpJsonEncode({ url: 'https://a.hu/b' })).toBe('{"url":"https:\\/\\/a.hu\\/b"}');
    expect(phpJsonEncode({ city: 'Gödöllő' })).toBe('{"city":"G\\u00f6d\\u00f6ll\\u0151"}');
    expect(phpJsonEncode({ e: '🚗' })).toBe('{"e":"\\ud83d\\ude97"}');
    expect(phpJsonEncode({ c: 'a\nb"' })).toBe('{"c":"a\\nb\\""}');
    expect(phpJsonEncode({ n: 25, t: true, z: null, l: [1, 'x'] })).toBe(
      '{"n":25,"t":true,"z":null,"l":[1,"x"]}',
    );
  });
});

describe('simplePayTime', () => {
  it('writes Budapest local time with its offset, summer and winter', () => {
    expect(simplePayTime(new Date('2025-10-06T05:00:34Z'))).toBe('2025-10-06T07:00:34+02:00');
    expect(simplePayTime(new Date('2026-01-15T23:30:00Z'))).toBe('2026-01-16T00:30:00+01:00');
  });
});
