import { STOCK_MESSAGES } from '@gmao/domain/stock/stock-schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createIntervention, createUser } from './helpers/factories.ts';

/**
 * Issue 18, cancelling: a part request can be cancelled (not the last open one of an intervention waiting for
 * parts), and an intervention going to ANNULEE releases its reservations and returns the parts already issued to
 * their location with a RETOUR movement, in the status change's transaction. The ledger stays the sum of movements.
 */
let t: TestApp;
let admin: string;
let central: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const locations = (await t.as(admin, { method: 'GET', url: '/api/stock/locations' })).json().data;
  central = locations.find((l: { nom: string }) => l.nom === 'Magasin central').id;
});
afterAll(() => t.close());

let n = 0;
async function newPart() {
  n += 1;
  const res = await t.as(admin, {
    method: 'POST',
    url: '/api/parts',
    payload: { reference: `ANN-${n}`, designation: `Courroie ${n}`, unite: 'u', prix_unitaire: '8.00' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}
const stockOf = async (partId: number) =>
  (await t.as(admin, { method: 'GET', url: `/api/parts/${partId}` })).json().data.stock.total;
const status = (id: number, statut: string, extra: object = {}) =>
  t.as(admin, { method: 'PUT', url: `/api/interventions/${id}/status`, payload: { statut, ...extra } });
const request = (id: number, partId: number, token = admin) =>
  t.as(token, {
    method: 'POST',
    url: `/api/interventions/${id}/part-requests`,
    payload: { lignes: [{ part_id: partId, quantite: 2 }], fournisseur: 'Hutchinson', date_commande: '2026-11-20' },
  });
const cancel = (id: number, rid: number, token = admin) =>
  t.as(token, { method: 'PUT', url: `/api/interventions/${id}/part-requests/${rid}/cancel` });

/** Every level of the part equals the sum of its ledger rows at that location. */
async function expectLedgerExact(partId: number) {
  const { rows } = await t.database.db.execute<{ on_hand: string; ledger: string | null }>(sql`
    SELECT l.on_hand::text, (SELECT sum(quantite) FROM stock_movements m
                             WHERE m.part_id = l.part_id AND m.location_id = l.location_id)::text AS ledger
    FROM stock_levels l WHERE l.part_id = ${partId}`);
  expect(rows.length).toBeGreaterThan(0);
  for (const r of rows) expect(Number(r.on_hand)).toBe(Number(r.ledger ?? 0));
}

describe('PUT /api/interventions/:id/part-requests/:rid/cancel', () => {
  it('cancels an open request, audited; never the last open one while the intervention waits for parts', async () => {
    const p = await newPart();
    const i = await createIntervention(t.database.db, { statut: 'EN_COURS' });
    const first = (await request(i.id, p)).json().data.id as number;
    const second = (await request(i.id, p)).json().data.id as number;
    expect((await status(i.id, 'EN_ATTENTE_PDR')).statusCode).toBe(200);

    const res = await cancel(i.id, first);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      data: { id: first, statut: 'ANNULEE' },
      message: STOCK_MESSAGES.requestCancelled,
    });
    const { rows } = await t.database.db.execute<{ summary: string }>(sql`
      SELECT summary FROM audit_log WHERE action = 'part_request.cancel' AND entity_id = ${String(i.id)}`);
    expect(rows.map((r) => r.summary)).toEqual([`Demande de pièces #${first} annulée`]);

    const last = await cancel(i.id, second);
    expect(last.statusCode).toBe(422);
    expect(last.json().message).toBe(STOCK_MESSAGES.requestLastWhileWaiting);
    expect((await cancel(i.id, first)).statusCode).toBe(409);
    expect((await cancel(i.id, 987654)).statusCode).toBe(404);

    // back to work, the last one may go; then waiting for parts needs a new request
    expect((await status(i.id, 'EN_COURS')).statusCode).toBe(200);
    expect((await cancel(i.id, second)).statusCode).toBe(200);
    const refused = await status(i.id, 'EN_ATTENTE_PDR');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(STOCK_MESSAGES.waitingNeedsRequest);
    // a cancelled request is never received
    const receive = await t.as(admin, {
      method: 'PUT',
      url: `/api/interventions/${i.id}/part-requests/${second}/receive`,
    });
    expect(receive.statusCode).toBe(409);
  });

  it('is refused to a technician who does not work on the intervention', async () => {
    const p = await newPart();
    const i = await createIntervention(t.database.db, { statut: 'EN_COURS' });
    const rid = (await request(i.id, p)).json().data.id as number;
    const tech = await createUser(t.database.db, { role: 'Technicien' });
    const { token } = await t.login(tech.username, tech.password);
    expect((await cancel(i.id, rid, token)).statusCode).toBe(403);
  });
});

describe('ANNULEE and the stock', () => {
  it('releases the reservations and returns the issued parts with a RETOUR movement', async () => {
    const p = await newPart();
    const mv = await t.as(admin, {
      method: 'POST',
      url: '/api/stock/movements',
      payload: { part_id: p, location_id: central, type: 'RECEPTION', quantite: 10 },
    });
    expect(mv.statusCode, mv.body).toBe(201);
    const i = await createIntervention(t.database.db, { statut: 'EN_COURS' });
    const url = `/api/interventions/${i.id}/materials`;
    const line = (quantite: number) =>
      t.as(admin, { method: 'POST', url, payload: { designation: 'Courroie', quantite, prixUnitaire: 8, part_id: p } });
    const issued = (await line(3)).json().data.id as number;
    expect((await status(i.id, 'TERMINEE')).statusCode).toBe(200);
    expect(await stockOf(p)).toEqual({ on_hand: 7, reserved: 0, available: 7 });

    // reopened (with its motif, issue 30), a new line reserves 2; a stale version refuses the cancellation and moves
    // nothing
    expect((await status(i.id, 'PLANIFIEE', { motif: 'Fuite après essai' })).statusCode).toBe(200);
    const reserved = (await line(2)).json().data.id as number;
    expect(await stockOf(p)).toEqual({ on_hand: 7, reserved: 2, available: 5 });
    const stale = await status(i.id, 'ANNULEE', { version: 1 });
    expect(stale.statusCode).toBe(409); // VERSION_CONFLICT
    expect(await stockOf(p)).toEqual({ on_hand: 7, reserved: 2, available: 5 });

    expect((await status(i.id, 'ANNULEE')).statusCode).toBe(200);
    expect(await stockOf(p)).toEqual({ on_hand: 10, reserved: 0, available: 10 });
    const ledger = (await t.as(admin, { method: 'GET', url: `/api/stock/movements?part_id=${p}` })).json().data;
    expect(ledger[0]).toMatchObject({ type: 'RETOUR', quantite: 3, intervention_id: i.id, location_id: central });
    const { rows } = await t.database.db.execute<{ id: number; stock_state: string }>(sql`
      SELECT id, stock_state FROM intervention_materials WHERE intervention_id = ${i.id} ORDER BY id`);
    expect(rows).toEqual([
      { id: issued, stock_state: 'RETOURNEE' },
      { id: reserved, stock_state: 'LIBEREE' },
    ]);
    await expectLedgerExact(p);

    // reopened and cancelled again: nothing is returned twice
    expect((await status(i.id, 'PLANIFIEE')).statusCode).toBe(200);
    expect((await status(i.id, 'ANNULEE')).statusCode).toBe(200);
    expect(await stockOf(p)).toEqual({ on_hand: 10, reserved: 0, available: 10 });
    await expectLedgerExact(p);
  });

  it('cancels the open part requests of an intervention that is cancelled, not the received ones', async () => {
    const p = await newPart();
    const i = await createIntervention(t.database.db, { statut: 'EN_COURS' });
    const first = (await request(i.id, p)).json().data.id as number;
    const second = (await request(i.id, p)).json().data.id as number;
    expect((await status(i.id, 'EN_ATTENTE_PDR')).statusCode).toBe(200);
    const received = await t.as(admin, {
      method: 'PUT',
      url: `/api/interventions/${i.id}/part-requests/${first}/receive`,
      payload: { location_id: central },
    });
    expect(received.statusCode, received.body).toBe(200);

    expect((await status(i.id, 'ANNULEE')).statusCode).toBe(200);
    const { rows } = await t.database.db.execute<{ id: number; statut: string }>(
      sql`SELECT id, statut FROM part_requests WHERE intervention_id = ${i.id} ORDER BY id`,
    );
    expect(rows).toEqual([
      { id: first, statut: 'RECUE' },
      { id: second, statut: 'ANNULEE' },
    ]);
    const audit = await t.database.db.execute<{ summary: string }>(
      sql`SELECT summary FROM audit_log WHERE action = 'part_request.cancel' AND entity_id = ${String(i.id)}`,
    );
    expect(audit.rows.map((r) => r.summary)).toEqual([
      `Annulation de l'intervention #${i.id} : demande(s) de pièces #${second} annulée(s)`,
    ]);
  });
});
