import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createIntervention, createUser } from './helpers/factories.ts';

/** Issue 14 item 5: 'Annuler' in the toast of 'Changer Statut' puts the previous status back, through the server. */
let t: TestApp;
let tech: { id: number; token: string };
let other: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.database.db);
  const b = await createUser(t.database.db);
  tech = { id: a.id, token: (await t.login(a.username, a.password)).token };
  other = { id: b.id, token: (await t.login(b.username, b.password)).token };
});
afterAll(() => t.close());

const change = (token: string, id: number, statut: string) =>
  t.as(token, { method: 'PUT', url: `/api/interventions/${id}/status`, payload: { statut } });
const undo = (token: string, id: number) =>
  t.as(token, { method: 'POST', url: `/api/interventions/${id}/status/undo` });
async function moves(id: number) {
  const { rows } = await t.database.db.execute<{ from_statut: string | null; to_statut: string; note: string | null }>(
    sql`SELECT from_statut, to_statut, note FROM intervention_history WHERE intervention_id = ${id} AND to_statut IS NOT NULL ORDER BY created_at, id`,
  );
  return rows;
}

describe('POST /interventions/{id}/status/undo', () => {
  it('puts back the previous status (even EN_COURS → PLANIFIEE); the undone move leaves the history (issue 30)', async () => {
    const i = await createIntervention(t.database.db, { technicianId: tech.id });
    expect((await change(tech.token, i.id, 'EN_COURS')).statusCode).toBe(200);
    const res = await undo(tech.token, i.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { statut: 'PLANIFIEE' }, message: 'Statut rétabli : Planifiée' });
    // Only the creation's move is left: neither the undone move nor a 'way back' (the audit log keeps both).
    expect((await moves(i.id)).map((m) => [m.from_statut, m.to_statut])).toEqual([]);
    const { rows } = await t.database.db.execute<{ summary: string }>(
      sql`SELECT summary FROM audit_log WHERE action = 'intervention.status' AND entity_id = ${String(i.id)} ORDER BY id`,
    );
    expect(rows.map((r) => r.summary)).toEqual([
      `Intervention #${i.id} : Planifiée → En Cours`,
      `Intervention #${i.id} : Annulation du changement de statut — En Cours → Planifiée`,
    ]);
  });

  it('only the author of the change, only while it is the last one, only within the window', async () => {
    const i = await createIntervention(t.database.db, { technicianId: tech.id, creerPar: other.id });
    await change(tech.token, i.id, 'EN_COURS');
    expect((await undo(other.token, i.id)).statusCode).toBe(422);
    await change(other.token, i.id, 'EN_PAUSE');
    expect((await undo(tech.token, i.id)).statusCode).toBe(422);

    const j = await createIntervention(t.database.db, { technicianId: tech.id });
    await change(tech.token, j.id, 'EN_COURS');
    await t.database.db.execute(
      sql`UPDATE intervention_history SET created_at = created_at - interval '1 minute' WHERE intervention_id = ${j.id}`,
    );
    const late = await undo(tech.token, j.id);
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toContain('ne peut plus être annulé');
    const { rows } = await t.database.db.execute<{ statut: string }>(
      sql`SELECT statut FROM interventions WHERE id = ${j.id}`,
    );
    expect(rows[0]?.statut).toBe('EN_COURS');
  });

  it('the object rules apply: a technician cannot undo on an intervention he does not hold', async () => {
    const i = await createIntervention(t.database.db, { technicianId: other.id, creerPar: other.id });
    await change(other.token, i.id, 'EN_COURS');
    expect((await undo(tech.token, i.id)).statusCode).toBe(403);
  });
});
