import { describe, expect, it } from 'vitest';
import { violates } from './errors.js';

/** A driver error as PostgreSQL (node-postgres) or PGlite raises it, wrapped as Drizzle does. */
const wrapped = (driver: object) => Object.assign(new Error('Failed query'), { cause: driver });

describe('violates', () => {
  it('finds the SQLSTATE through Drizzle’s wrapping, on the named constraint or any', () => {
    const pg = wrapped({ code: '23505', constraint: 'parking_sessions_user_open_uq' });
    expect(violates(pg, '23505')).toBe(true);
    expect(violates(pg, '23505', 'parking_sessions_user_open_uq')).toBe(true);
    expect(violates(pg, '23505', 'parking_sessions_code_open_uq')).toBe(false);
    expect(violates(pg, '23502')).toBe(false);
  });

  it('reads the constraint from the message where the driver names it only there (PGlite)', () => {
    const pglite = wrapped({
      code: '23505',
      message: 'duplicate key value violates unique constraint "cards_pending_recurring_key"',
    });
    expect(violates(pglite, '23505', 'cards_pending_recurring_key')).toBe(true);
    expect(violates(pglite, '23505', 'parking_sessions_user_open_uq')).toBe(false);
  });

  it('is false for errors without a SQLSTATE', () => {
    expect(violates(new Error('boom'), '23505')).toBe(false);
    expect(violates(null, '23505')).toBe(false);
    expect(violates('text', '23502')).toBe(false);
  });
});
