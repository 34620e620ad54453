import { describe, expect, it } from 'vitest';
import { paymentResultStatus } from './status';

describe('paymentResultStatus (SPEC §4 payment result statuses)', () => {
  it('SUCCESS is a successful payment and shows the ids', () => {
    expect(paymentResultStatus('SUCCESS')).toMatchObject({
      kind: 'success',
      titleKey: 'payment.success.title',
      showIds: true,
    });
  });

  it('FAIL is a denied transaction and shows the ids', () => {
    expect(paymentResultStatus('FAIL')).toMatchObject({
      kind: 'fail',
      titleKey: 'payment.fail.title',
      showIds: true,
    });
  });

  it('CANCEL and TIMEOUT are a denied payment without ids, each with its own sentence', () => {
    const cancel = paymentResultStatus('CANCEL');
    const timeout = paymentResultStatus('TIMEOUT');
    expect(cancel).toMatchObject({ titleKey: 'payment.denied.title', showIds: false });
    expect(timeout).toMatchObject({ titleKey: 'payment.denied.title', showIds: false });
    expect(cancel.textKey).not.toBe(timeout.textKey);
  });

  it('anything else is an unknown status without ids', () => {
    for (const e of ['', 'success', 'AUTHORIZED', 'toString', '__proto__', null, undefined]) {
      expect(paymentResultStatus(e)).toMatchObject({ kind: 'unknown', showIds: false });
    }
  });
});
