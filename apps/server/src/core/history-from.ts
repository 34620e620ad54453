import { ApiError } from './errors.js';

const MONTH_MS = 30 * 86_400_000;

/**
 * A history's `filterFrom` (YYYY-MM-DD, checked by the route's zod schema) as the start of that
 * day in UTC; one month ago without it. A day that does not exist (2026-13-45) is a 400.
 */
export function historyFrom(filterFrom: string | undefined, now = Date.now()): Date {
  if (!filterFrom) return new Date(now - MONTH_MS);
  const d = new Date(`${filterFrom}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) {
    throw new ApiError(400, 'error.validation', {
      responseCode: 'VALIDATION_ERROR',
      fields: [{ field: 'filterFrom', messageKey: 'invalid.date' }],
    });
  }
  return d;
}
