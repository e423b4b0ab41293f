import { METER_MESSAGES } from '@gmao/domain/equipment/meter-schemas';
import { planningToday } from '@gmao/domain/interventions/schedule-schemas';
import { addDays } from '@gmao/domain/plans/recurrence';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminTestApp } from './helpers/admin-app.ts';
import { createEquipment, createUser } from './helpers/factories.ts';
import { postPlan, requestGeneration } from './helpers/plan-fixtures.ts';

/**
 * Issue 29: one reading of 2,000,000,000 h locked an equipment's meter (every plausible later reading was "lower than
 * the previous one"). Readings are bounded by 24 h per calendar day and an absolute maximum; a holder of
 * equipment:update corrects or deletes one (audited), and the meter trigger of plans follows.
 */
const t = useAdminTestApp();
const today = planningToday();
let consultation: string;
let groupeTemplateId: number;

beforeAll(async () => {
  const viewer = await createUser(t.database.db, { role: 'Consultation' });
  consultation = (await t.login(viewer.username, viewer.password)).token;
  const templates = (await t.asAdmin('GET', '/api/interventions/templates')).json().data;
  groupeTemplateId = templates.find((x: { nom: string }) => x.nom === 'Vidange groupe électrogène 250 h').id;
});

const readingsUrl = (equipementId: number) => `/api/equipment/${equipementId}/readings`;
const post = (equipementId: number, date: string, valeur: number) =>
  t.asAdmin('POST', readingsUrl(equipementId), { date, valeur });
/** A reading as stored before readings were bounded (the API refuses it now). */
async function storedReading(equipementId: number, date: string, valeur: number) {
  const { rows } = await t.database.db.execute<{ id: number }>(sql`INSERT INTO compteur_releves
      (equipement_id, date, valeur) VALUES (${equipementId}, ${date}::date, ${valeur}) RETURNING id`);
  return rows[0].id;
}
/** Generates the plan; answers how many meter occurrences it has. */
async function meterOccurrences(planId: number) {
  await requestGeneration(t, planId);
  const { rows } = await t.database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM plan_occurrences WHERE plan_id = ${planId} AND declencheur = 'COMPTEUR'`,
  );
  return rows[0].n;
}
const audits = async (equipementId: number, action: string) =>
  (
    await t.database.db.execute<{ before: unknown; after: unknown }>(
      sql`SELECT before, after FROM audit_log WHERE action = ${action} AND entity_id = ${String(equipementId)}`,
    )
  ).rows;

describe('implausible readings are refused', () => {
  it('more than 24 h per calendar day since the previous reading, or until the next one (422, French)', async () => {
    const { id } = await createEquipment(t.database.db, { typeEquipement: 'GROUPE_ELECTROGENE' });
    expect((await post(id, addDays(today, -30), 1000)).statusCode).toBe(201);
    const tooFast = await post(id, today, 1000 + 24 * 31 + 1);
    expect(tooFast.statusCode).toBe(422);
    expect(tooFast.json().message).toBe(
      METER_MESSAGES.implausibleSincePrevious(1000, addDays(today, -30), 1000 + 24 * 31),
    );
    const tooSlowBefore = await post(id, addDays(today, -31), 100);
    expect(tooSlowBefore.statusCode).toBe(422);
    expect(tooSlowBefore.json().message).toBe(METER_MESSAGES.implausibleUntilNext(1000, addDays(today, -30), 952));
    const absurd = await post(id, today, 2_000_000_000);
    expect(absurd.statusCode).toBe(400);
    expect(absurd.json().details).toEqual([{ field: 'valeur', msg: METER_MESSAGES.valeurTooHigh }]);
    expect((await post(id, today, 1000 + 24 * 31)).statusCode).toBe(201);
  });
});

describe('correcting and deleting a reading', () => {
  let equipementId: number;
  let absurdId: number;
  let planId: number;

  beforeAll(async () => {
    equipementId = (await createEquipment(t.database.db, { typeEquipement: 'GROUPE_ELECTROGENE' })).id;
    expect((await post(equipementId, addDays(today, -30), 1000)).statusCode).toBe(201);
    absurdId = await storedReading(equipementId, addDays(today, -10), 2_000_000_000);
    planId = (
      await postPlan(t, {
        nom: 'Vidange 250 h (relevés corrigés)',
        template_id: groupeTemplateId,
        equipement_id: equipementId,
        rrule: 'FREQ=YEARLY',
        date_debut: addDays(today, -20),
        jours_avance: 0,
        seuil_heures: 250,
      })
    ).id;
  });

  it('the absurd reading locks the meter: a plausible one is refused', async () => {
    expect((await post(equipementId, today, 1100)).statusCode).toBe(422);
  });

  it('needs equipment:update (Consultation gets 403, nothing changes)', async () => {
    const url = `${readingsUrl(equipementId)}/${absurdId}`;
    const put = await t.as(consultation, { method: 'PUT', url, payload: { date: today, valeur: 1100 } });
    expect(put.statusCode).toBe(403);
    expect((await t.as(consultation, { method: 'DELETE', url })).statusCode).toBe(403);
    const list = (await t.asAdmin('GET', readingsUrl(equipementId))).json().data;
    expect(list.map((r: { valeur: number }) => r.valeur)).toEqual([2_000_000_000, 1000]);
  });

  it('a correction is checked against the other readings, then stored and audited', async () => {
    const url = `${readingsUrl(equipementId)}/${absurdId}`;
    const implausible = await t.asAdmin('PUT', url, { date: addDays(today, -10), valeur: 100_000 });
    expect(implausible.statusCode).toBe(422);
    const res = await t.asAdmin('PUT', url, { date: addDays(today, -10), valeur: 1200 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: METER_MESSAGES.updated, data: { id: absurdId, valeur: 1200 } });
    expect(await audits(equipementId, 'equipment.meter_reading_update')).toEqual([
      {
        before: { id: absurdId, date: addDays(today, -10), valeur: 2_000_000_000 },
        after: { id: absurdId, date: addDays(today, -10), valeur: 1200 },
      },
    ]);
    expect((await t.asAdmin('PUT', `${readingsUrl(equipementId)}/987654`, { date: today, valeur: 1 })).statusCode).toBe(
      404,
    );
  });

  it('after deleting it, the meter trigger counts from the remaining readings', async () => {
    const res = await t.asAdmin('DELETE', `${readingsUrl(equipementId)}/${absurdId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(METER_MESSAGES.deleted);
    expect(await audits(equipementId, 'equipment.meter_reading_delete')).toEqual([
      { before: { id: absurdId, date: addDays(today, -10), valeur: 1200 }, after: null },
    ]);
    expect(await meterOccurrences(planId)).toBe(0);
    expect((await post(equipementId, today, 1249)).statusCode).toBe(201);
    expect(await meterOccurrences(planId)).toBe(0);
    expect((await post(equipementId, today, 1250)).statusCode).toBe(201);
    expect(await meterOccurrences(planId)).toBe(1);
  });

  it('deleting the reading that reached the threshold: the occurrence it made stays, no other is created', async () => {
    const { rows } = await t.database.db.execute<{ id: number }>(
      sql`SELECT id FROM compteur_releves WHERE equipement_id = ${equipementId} AND valeur = 1250`,
    );
    expect((await t.asAdmin('DELETE', `${readingsUrl(equipementId)}/${rows[0].id}`)).statusCode).toBe(200);
    const list = (await t.asAdmin('GET', readingsUrl(equipementId))).json().data;
    expect(list.map((r: { valeur: number }) => r.valeur)).toEqual([1249, 1000]);
    expect(await meterOccurrences(planId)).toBe(1);
  });
});
