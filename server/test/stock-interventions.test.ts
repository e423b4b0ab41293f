import { STOCK_MESSAGES, waitingSplit } from '@gmao/domain/stock/stock-schemas';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitingTime } from '../src/modules/stock/requests/part-requests.service.ts';
import type { TestApp } from './helpers/app.ts';
import { createEquipment, createIntervention, createUser } from './helpers/factories.ts';
import { useStockFixtures } from './helpers/stock-fixtures.ts';

/**
 * Stock used by interventions (issue 18): material lines reserve and issue, part requests are received into stock,
 * and the time waiting for parts is told apart from repair time.
 */
const { fixtures, newPart, move, detail, status } = useStockFixtures();
let t: TestApp;
let admin: string;
let central: number;

beforeAll(() => {
  ({ t, admin, central } = fixtures);
});

describe('interventions', () => {
  it('a material line reserves; TERMINEE issues, the quantity drops and a low-stock alert appears and is notified', async () => {
    const manager = await createUser(t.database.db, { role: 'Responsable' });
    const p = await newPart({ seuil_reappro: 3, quantite_reappro: 10 });
    await move({ part_id: p.id, location_id: central, type: 'RECEPTION', quantite: 5 });
    const i = await createIntervention(t.database.db, { statut: 'EN_COURS' });
    const line = await t.as(admin, {
      method: 'POST',
      url: `/api/interventions/${i.id}/materials`,
      payload: { designation: 'Roulement', quantite: 2, prixUnitaire: '12.50', part_id: p.id, location_id: central },
    });
    expect(line.statusCode, line.body).toBe(201);
    expect(line.json().data).toMatchObject({ part_id: p.id, location_id: central, stock_state: 'RESERVEE' });
    expect((await detail(p.id)).stock.total).toEqual({ on_hand: 5, reserved: 2, available: 3 });
    // reserving 2 took available to 3 = seuil: already an alert
    const alerts = (await t.as(admin, { method: 'GET', url: '/api/stock/alerts' })).json().data;
    expect(alerts.map((a: { part_id: number }) => a.part_id)).toContain(p.id);
    const notified = async () => {
      const { rows } = await t.database.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${manager.id} AND event = 'stock_low'
            AND message LIKE ${`%${(await detail(p.id)).reference}%`}`,
      );
      return rows[0].n;
    };
    expect(await notified()).toBe(1);
    expect((await status(i.id, 'TERMINEE')).statusCode).toBe(200);
    expect((await detail(p.id)).stock.total).toEqual({ on_hand: 3, reserved: 0, available: 3 });
    const ledger = (await t.as(admin, { method: 'GET', url: `/api/stock/movements?part_id=${p.id}` })).json().data;
    expect(ledger[0]).toMatchObject({ type: 'SORTIE', quantite: -2, intervention_id: i.id });
    const suggestions = (await t.as(admin, { method: 'GET', url: '/api/stock/suggestions' })).json().data;
    expect(suggestions.find((s: { part_id: number }) => s.part_id === p.id)).toMatchObject({
      quantite_suggeree: 10,
      montant: 125,
    });
  });

  it('ANNULEE releases the reservation; reserving more than available is a 409', async () => {
    const p = await newPart();
    await move({ part_id: p.id, location_id: central, type: 'RECEPTION', quantite: 4 });
    const i = await createIntervention(t.database.db, { statut: 'EN_COURS' });
    const add = (quantite: number) =>
      t.as(admin, {
        method: 'POST',
        url: `/api/interventions/${i.id}/materials`,
        payload: { designation: 'Roulement', quantite, prixUnitaire: 1, part_id: p.id },
      });
    expect((await add(5)).statusCode).toBe(409);
    expect((await add(3)).statusCode).toBe(201);
    expect((await detail(p.id)).stock.total.reserved).toBe(3);
    expect((await status(i.id, 'ANNULEE')).statusCode).toBe(200);
    expect((await detail(p.id)).stock.total).toEqual({ on_hand: 4, reserved: 0, available: 4 });
  });

  it('editing a reserved line moves its reservation; deleting it or the intervention releases it', async () => {
    const p = await newPart();
    await move({ part_id: p.id, location_id: central, type: 'RECEPTION', quantite: 10 });
    const i = await createIntervention(t.database.db, { statut: 'EN_COURS' });
    const url = `/api/interventions/${i.id}/materials`;
    const payload = { designation: 'Roulement', quantite: 2, prixUnitaire: 1, part_id: p.id };
    const a = (await t.as(admin, { method: 'POST', url, payload })).json().data;
    await t.as(admin, { method: 'POST', url, payload });
    expect((await detail(p.id)).stock.total.reserved).toBe(4);
    expect((await t.as(admin, { method: 'PUT', url: `${url}/${a.id}`, payload: { quantite: 5 } })).statusCode).toBe(
      200,
    );
    expect((await detail(p.id)).stock.total.reserved).toBe(7);
    expect((await t.as(admin, { method: 'DELETE', url: `${url}/${a.id}` })).statusCode).toBe(200);
    expect((await detail(p.id)).stock.total.reserved).toBe(2);
    const del = await t.as(admin, { method: 'DELETE', url: `/api/interventions/${i.id}/force` });
    expect(del.statusCode, del.body).toBe(200);
    expect((await detail(p.id)).stock.total).toEqual({ on_hand: 10, reserved: 0, available: 10 });
  });

  it('EN_ATTENTE_PDR needs an open part request; receiving it stocks the parts and tells the assignee', async () => {
    const tech = await createUser(t.database.db);
    const p = await newPart();
    const i = await createIntervention(t.database.db, { statut: 'EN_COURS', technicianId: tech.id });
    const refused = await status(i.id, 'EN_ATTENTE_PDR');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(STOCK_MESSAGES.waitingNeedsRequest);
    const req = await t.as(admin, {
      method: 'POST',
      url: `/api/interventions/${i.id}/part-requests`,
      payload: {
        lignes: [{ part_id: p.id, quantite: 6 }],
        fournisseur: 'SKF Maroc',
        date_commande: '2026-11-20',
        date_prevue: '2026-11-27',
      },
    });
    expect(req.statusCode, req.body).toBe(201);
    expect(req.json().data).toMatchObject({
      statut: 'OUVERTE',
      fournisseur: 'SKF Maroc',
      lignes: [{ part_id: p.id, quantite: 6 }],
    });
    expect((await status(i.id, 'EN_ATTENTE_PDR')).statusCode).toBe(200);
    const rid = req.json().data.id;
    const received = await t.as(admin, {
      method: 'PUT',
      url: `/api/interventions/${i.id}/part-requests/${rid}/receive`,
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().data).toMatchObject({ statut: 'RECUE', location_id: central });
    expect((await detail(p.id)).stock.total.on_hand).toBe(6);
    const again = await t.as(admin, { method: 'PUT', url: `/api/interventions/${i.id}/part-requests/${rid}/receive` });
    expect(again.statusCode).toBe(409);
    const { token } = await t.login(tech.username, tech.password);
    const mine = (await t.as(token, { method: 'GET', url: '/api/notifications' })).json().data;
    expect(mine.map((x: { title: string }) => x.title)).toContain('Pièces reçues');
  });
});

describe('who reserves where', () => {
  it("a technician reserves in his own vehicle, not in another technician's, unless he manages the stock", async () => {
    const me = await createUser(t.database.db);
    const other = await createUser(t.database.db);
    const vehicle = async (technicien_id: number, nom: string) => {
      const res = await t.as(admin, {
        method: 'POST',
        url: '/api/stock/locations',
        payload: { nom, type: 'VEHICULE', technicien_id },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as number;
    };
    const mine = await vehicle(me.id, `Véhicule ${me.username}`);
    const theirs = await vehicle(other.id, `Véhicule ${other.username}`);
    const p = await newPart();
    for (const location_id of [mine, theirs]) {
      await move({ part_id: p.id, location_id, type: 'RECEPTION', quantite: 5 });
    }
    const i = await createIntervention(t.database.db, { statut: 'EN_COURS', technicianId: me.id });
    const { token } = await t.login(me.username, me.password);
    const reserve = (who: string, location_id: number) =>
      t.as(who, {
        method: 'POST',
        url: `/api/interventions/${i.id}/materials`,
        payload: { designation: 'Roulement', quantite: 1, prixUnitaire: 1, part_id: p.id, location_id },
      });
    const refused = await reserve(token, theirs);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toBe(STOCK_MESSAGES.vehicleOfAnother);
    expect((await detail(p.id)).stock.total.reserved).toBe(0);
    expect((await reserve(token, mine)).statusCode).toBe(201);
    expect((await reserve(admin, theirs)).statusCode).toBe(201);
  });
});

describe("figures at their columns' bounds", () => {
  it('stock past NUMERIC(12,3) is refused with a 422 and a French message, not a 500', async () => {
    const p = await newPart();
    const receive = () => move({ part_id: p.id, location_id: central, type: 'RECEPTION', quantite: '999999999' });
    expect((await receive()).statusCode).toBe(201);
    const refused = await receive();
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().message).toBe(STOCK_MESSAGES.levelTooLarge((await detail(p.id)).designation));
    expect((await detail(p.id)).stock.total.on_hand).toBe(999999999);
  });

  it('material lines at the largest quantity and unit price: the list and its total (past 1e14 MAD) still answer', async () => {
    const i = await createIntervention(t.database.db, { statut: 'EN_COURS' });
    const url = `/api/interventions/${i.id}/materials`;
    const line = { designation: 'Turbine', quantite: '999999999.999', prixUnitaire: '999999999999.99' };
    for (let n = 0; n < 2; n++)
      expect((await t.as(admin, { method: 'POST', url, payload: line })).statusCode).toBe(201);
    const list = await t.as(admin, { method: 'GET', url });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.total).toBe('1999999999997980000000.00');
    const tooBig = await t.as(admin, { method: 'POST', url, payload: { ...line, prixUnitaire: 1e14 } });
    expect(tooBig.statusCode).toBe(400);
  });
});

describe('created waiting for parts', () => {
  it('POST /interventions refuses EN_ATTENTE_PDR as the status routes do: no part request yet (422)', async () => {
    const eq = await createEquipment(t.database.db);
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/interventions',
      payload: { equipement_id: eq.id, date: '2026-11-20', description: 'Pompe', statut: 'EN_ATTENTE_PDR' },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe(STOCK_MESSAGES.waitingNeedsRequest);
  });
});

describe('waiting for parts time', () => {
  it('3 days in EN_ATTENTE_PDR count as waiting, apart from repair time', async () => {
    const d = (day: number, hour = 8) => new Date(Date.UTC(2026, 10, day, hour));
    const history = [
      { toStatut: 'PLANIFIEE', at: d(1) },
      { toStatut: 'EN_COURS', at: d(2) },
      { toStatut: 'EN_ATTENTE_PDR', at: d(2, 12) },
      { toStatut: 'EN_COURS', at: d(5, 12) },
      { toStatut: 'TERMINEE', at: d(5, 16) },
    ];
    // pure function
    expect(waitingSplit(history)).toEqual({ waitingSeconds: 3 * 86400, repairSeconds: 8 * 3600 });
    // from the rows of intervention_history
    const i = await createIntervention(t.database.db, { statut: 'TERMINEE' });
    let prev: string | null = null;
    for (const h of history) {
      await t.database.db.execute(sql`INSERT INTO intervention_history (intervention_id, from_statut, to_statut, created_at)
        VALUES (${i.id}, ${prev}, ${h.toStatut}, ${h.at.toISOString()})`);
      prev = h.toStatut;
    }
    expect(await waitingTime(t.database.db, i.id)).toEqual({ waitingSeconds: 3 * 86400, repairSeconds: 8 * 3600 });
    const api = await t.as(admin, { method: 'GET', url: `/api/interventions/${i.id}/waiting-time` });
    expect(api.json().data).toEqual({ waitingSeconds: 3 * 86400, repairSeconds: 8 * 3600 });
  });
});
