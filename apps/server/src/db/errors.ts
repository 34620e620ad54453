/**
 * Whether PostgreSQL refused the statement with this SQLSTATE (23505 unique, 23502 not null),
 * on this constraint when one is named. Drizzle wraps the driver's error as its `cause`, and
 * PGlite names the constraint only in its message, so both are looked at.
 */
export function violates(err: unknown, code: '23502' | '23505', constraint?: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const x = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (x.code === code)
      return (
        !constraint ||
        x.constraint === constraint ||
        (typeof x.message === 'string' && x.message.includes(constraint))
      );
  }
  return false;
}
