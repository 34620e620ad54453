/** SimplePay answered, signed, with `errorCodes`: the operation did not happen. */
export class SimplePayError extends Error {
  constructor(
    readonly operation: string,
    readonly errorCodes: number[],
  ) {
    super(`SimplePay ${operation} failed with ${errorCodes.join(', ')}`);
    this.name = 'SimplePayError';
  }
  has(code: number): boolean {
    return this.errorCodes.includes(code);
  }
}

/**
 * No trustworthy answer: unreachable, timed out, unsigned, wrongly signed or unreadable.
 * `maybeApplied` is true when the request may have reached SimplePay (a timeout after sending),
 * so the caller must `query` before assuming anything about money.
 */
export class SimplePayTransportError extends Error {
  constructor(
    readonly operation: string,
    message: string,
    readonly maybeApplied: boolean,
    options?: { cause?: unknown },
  ) {
    super(`SimplePay ${operation}: ${message}`, options);
    this.name = 'SimplePayTransportError';
  }
}
