/** `%term%` for a case-insensitive LIKE on a lower(...) expression; LIKE's own wildcards in the term are escaped. */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** PostgreSQL foreign_key_violation: a row is still referenced (or the referenced row is gone). */
export function isForeignKeyViolation(err: unknown): boolean {
  const cause = (err as { cause?: { code?: string } })?.cause;
  return (err as { code?: string })?.code === '23503' || cause?.code === '23503';
}
