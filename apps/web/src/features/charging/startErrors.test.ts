import { describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/api';
import { startFailure } from './startErrors';

const t = (k: string) => `T(${k})`;
const err = (responseCode: string, text?: string) =>
  new ApiError('x', 400, {
    result: false,
    data: { responseCode },
    messages: text ? [{ severity: 'error', messageKey: 'k', text }] : [],
    useAlert: true,
  });

describe('start errors (SPEC §8)', () => {
  it('alerts each known code with its catalog text', () => {
    for (const code of ['CHARGER_NOT_ACTIVE', 'SIMPLEPAY_INVALID_PASSWORD', 'NO_ACTIVE_TARIFF'])
      expect(startFailure(err(code, 'server'), t)).toEqual({
        code,
        text: `T(messages:charge.error.${code})`,
        toCards: false,
      });
  });
  it('a negative wallet goes on to /cards, except in the casual flow', () => {
    expect(startFailure(err('NEGATIVE_WALLET'), t).toCards).toBe(true);
    expect(startFailure(err('NEGATIVE_WALLET'), t, true).toCards).toBe(false);
  });
  it("anything else shows the server's first message, or 'unsuccessful start'", () => {
    expect(startFailure(err('ALREADY_CHARGING', 'Már tölt.'), t).text).toBe('Már tölt.');
    expect(startFailure(err('WHATEVER'), t).text).toBe('T(messages:charge.error.startFailed)');
  });
  it('a casual start without a response body alerts casual errorStart', () => {
    expect(startFailure(new ApiError('network', 0, null), t, true).text).toBe(
      'T(casual.errorStart)',
    );
  });
});
