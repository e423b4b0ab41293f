import {
  DEFAULT_CHECKLISTS,
  defaultChecklist,
  CHECKLIST_MESSAGES as M,
} from '@gmao/domain/interventions/checklist-schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createEquipment, createIntervention, createUser } from './helpers/factories.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const url = (id: number, item?: number) => `/api/interventions/${id}/checklist${item ? `/${item}` : ''}`;
const create = async (typeEquipement: string | null) => {
  const eq = await createEquipment(t.database.db, { typeEquipement });
  const res = await t.as(admin, {
    method: 'POST',
    url: '/api/interventions',
    payload: { equipement_id: eq.id, date: '2026-03-02' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as number;
};
const checklist = async (id: number, token = admin) => (await t.as(token, { method: 'GET', url: url(id) })).json().data;

describe('default checklist', () => {
  it('is created with the intervention from the equipment type (generic otherwise)', async () => {
    const id = await create('TRANSFORMATEUR');
    const c = await checklist(id);
    expect(c.items.map((i: { label: string }) => i.label)).toEqual(DEFAULT_CHECKLISTS.TRANSFORMATEUR);
    expect(c.items[1].label).toBe("Mesure d'isolement");
    expect(c).toMatchObject({ done: 0, total: DEFAULT_CHECKLISTS.TRANSFORMATEUR.length });
    const other = await checklist(await create('POMPE'));
    expect(other.items.map((i: { label: string }) => i.label)).toEqual(defaultChecklist('POMPE'));
    expect((await checklist(await create(null))).total).toBe(defaultChecklist(null).length);
  });
});

describe('checklist items', () => {
  it('checks and unchecks an item, keeping who and when', async () => {
    const id = await create('ONDULEUR');
    const [first] = (await checklist(id)).items;
    const res = await t.as(admin, { method: 'PUT', url: url(id, first.id), payload: { checked: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ done: 1 });
    expect(res.json().data.items[0]).toMatchObject({ checked: true, checkedBy: { nom: 'Administrateur' } });
    const off = await t.as(admin, { method: 'PUT', url: url(id, first.id), payload: { checked: false } });
    expect(off.json().data.items[0]).toMatchObject({ checked: false, checkedAt: null, checkedBy: null });
    const bad = await t.as(admin, { method: 'PUT', url: url(id, first.id), payload: {} });
    expect(bad.statusCode).toBe(400);
  });

  it('adds and removes items with history notes; items of another intervention are 404', async () => {
    const id = await create(null);
    const before = (await checklist(id)).total;
    const add = await t.as(admin, { method: 'POST', url: url(id), payload: { label: '  Photo du site  ' } });
    expect(add.statusCode).toBe(201);
    expect(add.json().message).toBe(M.added);
    const items = add.json().data.items;
    expect(items.at(-1)).toMatchObject({ label: 'Photo du site', position: before + 1 });
    const empty = await t.as(admin, { method: 'POST', url: url(id), payload: { label: ' ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0].msg).toBe(M.labelRequired);

    const otherId = await create(null);
    const foreign = await t.as(admin, { method: 'DELETE', url: url(otherId, items.at(-1).id) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(M.itemNotFound);
    const del = await t.as(admin, { method: 'DELETE', url: url(id, items.at(-1).id) });
    expect(del.statusCode).toBe(200);
    expect(del.json().data.total).toBe(before);
    const { rows } = await t.database.db.execute<{ note: string }>(
      sql`SELECT note FROM intervention_history WHERE intervention_id = ${id} AND note LIKE 'Checklist%' ORDER BY id`,
    );
    expect(rows.map((r) => r.note)).toEqual([M.historyAdded('Photo du site'), M.historyDeleted('Photo du site')]);
  });

  it('404 for unknown or hidden interventions; permissions', async () => {
    expect((await t.as(admin, { method: 'GET', url: url(999999) })).statusCode).toBe(404);
    const hidden = await createIntervention(t.database.db, { deletedAt: new Date() });
    expect((await t.as(admin, { method: 'GET', url: url(hidden.id) })).statusCode).toBe(404);
    const viewer = await createUser(t.database.db, { role: 'Consultation' });
    const token = (await t.login(viewer.username, viewer.password)).token;
    const id = await create(null);
    const [first] = (await checklist(id, token)).items;
    expect((await t.as(token, { method: 'PUT', url: url(id, first.id), payload: { checked: true } })).statusCode).toBe(
      403,
    );
    expect((await t.as(token, { method: 'POST', url: url(id), payload: { label: 'x' } })).statusCode).toBe(403);
    expect((await t.as(token, { method: 'DELETE', url: url(id, first.id) })).statusCode).toBe(403);
  });

  it('goes with the intervention on force delete (counted nowhere else)', async () => {
    const id = await create('TRANSFORMATEUR');
    await t.as(admin, { method: 'DELETE', url: `/api/interventions/${id}/force` });
    const { rows } = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM intervention_checklist_items WHERE intervention_id = ${id}`,
    );
    expect(rows[0].n).toBe(0);
  });
});
