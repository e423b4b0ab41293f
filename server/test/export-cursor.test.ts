import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cursorRows } from '../src/db/cursor.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

/** The exports read through one server-side cursor (issue 16): every row in order, connection always released. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('cursorRows', () => {
  it('yields every row in order across several fetches', async () => {
    const seen: number[] = [];
    for await (const r of cursorRows<{ n: number }>(
      t.database.db,
      sql`SELECT g AS n FROM generate_series(1, ${12_345}::int) g ORDER BY g`,
      5000,
    ))
      seen.push(r.n);
    expect(seen).toHaveLength(12_345);
    expect(seen[0]).toBe(1);
    expect(seen.at(-1)).toBe(12_345);
  });

  it('rolls back and releases the connection when the reader stops early (a client gone away)', async () => {
    const pool = t.database.pool;
    for (let k = 0; k < 3; k++) {
      for await (const r of cursorRows<{ n: number }>(
        t.database.db,
        sql`SELECT g AS n FROM generate_series(1, 100000) g`,
      )) {
        if (r.n === 10) break;
      }
    }
    expect(pool.totalCount - pool.idleCount).toBe(0);
    const { rows } = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'idle in transaction' AND datname = current_database()`,
    );
    expect(rows[0].n).toBe(0);
  });
});
