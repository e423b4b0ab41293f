/**
 * The PostgreSQL error code (SQLSTATE) of a failed statement, e.g. '23505' for a unique violation: drizzle wraps the
 * driver's error in `cause`, a raw pg query throws it directly.
 */
export function pgErrorCode(err: unknown): string | undefined {
  return (err as { cause?: { code?: string } })?.cause?.code ?? (err as { code?: string })?.code;
}
