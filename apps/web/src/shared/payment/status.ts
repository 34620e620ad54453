/** SPEC §4 Payment result statuses, from the back redirect's event `e`. */
export type PaymentResultKind = 'success' | 'fail' | 'cancel' | 'timeout' | 'unknown';

export interface PaymentResultStatus {
  kind: PaymentResultKind;
  /** Heading: successful payment, denied transaction, denied payment or unknown status. */
  titleKey: string;
  /** The sentence under the heading. */
  textKey: string;
  severity: 'success' | 'error' | 'warning';
  /** Transaction and order ids are shown only for FAIL and SUCCESS. */
  showIds: boolean;
}

const STATUSES: Record<string, PaymentResultStatus> = {
  SUCCESS: {
    kind: 'success',
    titleKey: 'payment.success.title',
    textKey: 'payment.success.text',
    severity: 'success',
    showIds: true,
  },
  FAIL: {
    kind: 'fail',
    titleKey: 'payment.fail.title',
    textKey: 'payment.fail.text',
    severity: 'error',
    showIds: true,
  },
  CANCEL: {
    kind: 'cancel',
    titleKey: 'payment.denied.title',
    textKey: 'payment.cancel.text',
    severity: 'warning',
    showIds: false,
  },
  TIMEOUT: {
    kind: 'timeout',
    titleKey: 'payment.denied.title',
    textKey: 'payment.timeout.text',
    severity: 'warning',
    showIds: false,
  },
};

const UNKNOWN: PaymentResultStatus = {
  kind: 'unknown',
  titleKey: 'payment.unknown.title',
  textKey: 'payment.unknown.text',
  severity: 'warning',
  showIds: false,
};

/** SUCCESS, FAIL (denied transaction), CANCEL and TIMEOUT (denied payment); anything else unknown. */
export function paymentResultStatus(e: string | null | undefined): PaymentResultStatus {
  return (e != null && Object.hasOwn(STATUSES, e) ? STATUSES[e] : undefined) ?? UNKNOWN;
}
