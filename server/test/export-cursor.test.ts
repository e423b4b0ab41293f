import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCopyStream } from '../src/db/csv-copy.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

/**
 * The exports' one CSV path (db/csv-copy.ts, issues 16 and 29): PostgreSQL's COPY writes the rows, streamed as they
 * come; every row in order after the BOM and the header, and the connection always given back — also when the
 * reader goes away mid-file (a client that closes the download).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('csvCopyStream', () => {
  it('streams the header then every row in order', async () => {
    const chunks: Buffer[] = [];
    const stream = csvCopyStream(
      t.database.db,
      ['N°', 'Libellé'],
      sql`SELECT g, 'ligne ' || g FROM generate_series(1, ${12_345}::int) g ORDER BY g`,
    );
    for await (const chunk of stream) chunks.push(Buffer.from(chunk));
    const lines = Buffer.concat(chunks).toString('utf8').split('\n');
    expect(lines[0]).toBe('\uFEFFN°;Libellé');
    expect(lines).toHaveLength(1 + 12_345 + 1); // the header, the rows, the final line break
    expect(lines[1]).toBe('1;ligne 1');
    expect(lines[12_345]).toBe('12345;ligne 12345');
  });

  it('ends the COPY and gives the connection back when the reader stops early (a client gone away)', async () => {
    const pool = t.database.pool;
    for (let k = 0; k < 3; k++) {
      const stream = csvCopyStream(t.database.db, ['n'], sql`SELECT g FROM generate_series(1, 2000000) g`);
      for await (const _chunk of stream) break; // for await destroys the stream on break
    }
    await expect
      .poll(
        async () => {
          const { rows } = await t.database.db.execute<{ n: number }>(
            sql`SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'COPY%' AND state = 'active'`,
          );
          return { busy: pool.totalCount - pool.idleCount, copying: rows[0].n };
        },
        { timeout: 15_000 },
      )
      .toEqual({ busy: 0, copying: 0 });
  });
});
