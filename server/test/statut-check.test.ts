import { STATUTS } from '@gmao/domain/interventions/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrationStatements } from '../src/db/migrate.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createIntervention } from './helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('interventions.statut CHECK (migration 0013)', () => {
  it("lists exactly the domain's statuses, in the domain's order", async () => {
    const { rows } = await t.database.pool.query<{ def: string }>(
      `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'interventions_statut_check'`,
    );
    expect(rows).toHaveLength(1);
    const listed = [...rows[0].def.matchAll(/'([^']+)'/g)].map((m) => m[1]);
    expect(listed).toEqual(STATUTS);
  });

  it('refuses any other value, whoever writes it', async () => {
    const i = await createIntervention(t.database.db);
    await expect(
      t.database.pool.query(`UPDATE interventions SET statut = 'EN_ATTENTE' WHERE id = $1`, [i.id]),
    ).rejects.toMatchObject({ code: '23514', constraint: 'interventions_statut_check' });
  });

  it('the migration replans an unknown status, with a history row, before adding the constraint', async () => {
    const i = await createIntervention(t.database.db, { statut: 'TERMINEE', completedAt: new Date() });
    const client = await t.database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('ALTER TABLE interventions DROP CONSTRAINT interventions_statut_check');
      await client.query(`UPDATE interventions SET statut = 'CLOTUREE' WHERE id = $1`, [i.id]);
      await runMigrationStatements(client, '0013_statut_check.sql');
      const { rows } = await client.query(
        `SELECT i.statut, i.completed_at, h.from_statut, h.to_statut, h.note
         FROM interventions i JOIN intervention_history h ON h.intervention_id = i.id WHERE i.id = $1`,
        [i.id],
      );
      expect(rows).toEqual([
        {
          statut: 'PLANIFIEE',
          completed_at: null,
          from_statut: 'CLOTUREE',
          to_statut: 'PLANIFIEE',
          note: 'Statut inconnu remplacé par Planifiée (migration 0013)',
        },
      ]);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
