/** The provider could not be reached or answered garbage: the call may be retried later. */
export class AgentUnavailableError extends Error {
  override name = 'AgentUnavailableError';
}

/** How a rejection's message starts (kept as last_error: the operator's list tells them apart). */
export const REJECTED_PREFIX = 'Számla Agent error ';

/** The provider answered with an error code (szlahu_error_code / hibakod). */
export class AgentRejectedError extends Error {
  override name = 'AgentRejectedError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${REJECTED_PREFIX}${code}: ${message}`);
  }
}

/** Számla Agent's code for "no invoice with that number / order number". */
export const AGENT_NOT_FOUND_CODES = new Set(['7', '335']);
