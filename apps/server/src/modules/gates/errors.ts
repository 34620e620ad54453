import { gateErrorMessageKey, type GateErrorCode } from '@voltpark/contract';

/**
 * Why a gate did not open or may not open now. `messageKey` is the translated message of the
 * contract's server catalogs; the parking session module shows it to the driver.
 */
export class GateError extends Error {
  override name = 'GateError';
  readonly messageKey: string;
  constructor(
    readonly code: GateErrorCode,
    readonly gateId: number,
    /** For GATE_BUSY: seconds until the pending request is over at the latest. */
    readonly retryInSeconds: number | null = null,
  ) {
    super(`gate ${gateId}: ${code}`);
    this.messageKey = gateErrorMessageKey(code);
  }
}
