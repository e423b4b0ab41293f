import { CONSIGNATION_MESSAGES as M } from '@gmao/domain/habilitations/consignation';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from './helpers/admin-app.ts';
import { createEquipment, createIntervention, createUser } from './helpers/factories.ts';

/** Issue 34: the consignation record — order, lock, detector, signer rules — and the EN_COURS / TERMINEE gates. */
const t = useAdminTestApp();
const db = () => t.database.db;

async function holder(nom: string, symbols: string[]) {
  const u = await createUser(db(), { role: 'Technicien', nom });
  for (const s of symbols) {
    await db().execute(sql`INSERT INTO habilitations (user_id, symbole, domaine, delivree_le, valide_jusqu_au, signataire)
      VALUES (${u.id}, ${s}, 'HTA', '2020-01-01', '2099-12-31', 'M. B')`);
  }
  return u;
}
async function job() {
  const e = await createEquipment(db(), { domaineTension: 'HTA', exigences: [] });
  return createIntervention(db(), {
    equipementId: e.id,
    clientId: e.proprietaireId,
    date: '2026-12-01',
    typeTravail: 'HORS_TENSION',
  });
}
const step = (etape: string, par: number, minute: number, extra: object = {}) => ({
  etape,
  par_id: par,
  fait_le: `2026-12-01T08:${String(minute).padStart(2, '0')}:00Z`,
  ...extra,
});
const five = (charge: number, travaux = charge) => [
  step('SEPARATION', charge, 1),
  step('CONDAMNATION', charge, 2, { cadenas: 'C-0042' }),
  step('IDENTIFICATION', charge, 3),
  step('VAT', travaux, 4, { detecteur_teste_avant: true, detecteur_teste_apres: true }),
  step('MALT', travaux, 5),
];
const put = (id: number, body: object) => t.asAdmin('PUT', `/api/interventions/${id}/consignation`, body);
const status = (id: number, statut: string) => t.asAdmin('PUT', `/api/interventions/${id}/status`, { statut });

describe('the consignation record', () => {
  it('refuses a step out of order, a condamnation without lock, a VAT without the detector test (400, nothing written)', async () => {
    const hc = await holder('Chargé HC', ['HC']);
    const i = await job();
    const base = { charge_consignation_id: hc.id, charge_travaux_id: hc.id };
    const skip = await put(i.id, { ...base, etapes: [step('SEPARATION', hc.id, 1), step('IDENTIFICATION', hc.id, 2)] });
    expect(skip.statusCode).toBe(400);
    expect(skip.json().message).toBe(M.outOfOrder('Séparation', "Identification de l'ouvrage"));
    const noLock = await put(i.id, { ...base, etapes: [step('SEPARATION', hc.id, 1), step('CONDAMNATION', hc.id, 2)] });
    expect(noLock.json().message).toBe(M.lockRequired);
    const vat = five(hc.id).slice(0, 4);
    vat[3] = step('VAT', hc.id, 4, { detecteur_teste_avant: true });
    expect((await put(i.id, { ...base, etapes: vat })).json().message).toBe(M.detectorRequired);
    expect((await t.asAdmin('GET', `/api/interventions/${i.id}/consignation`)).json().data).toBeNull();
  });

  it('the chargé de consignation holds HC; VAT and MALT may be the chargé de travaux holding H2V (two steps)', async () => {
    const h2v = await holder('Travaux H2V', ['H2V']);
    const hc = await holder('Chargé HC', ['HC']);
    const none = await holder('Sans titre', []);
    const i = await job();
    const refused = await put(i.id, {
      charge_consignation_id: h2v.id,
      charge_travaux_id: h2v.id,
      etapes: five(h2v.id),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(M.chargeConsignation('Travaux H2V', 'HC'));
    const byNone = await put(i.id, {
      charge_consignation_id: hc.id,
      charge_travaux_id: none.id,
      etapes: five(hc.id, none.id),
    });
    expect(byNone.statusCode).toBe(422);
    const ok = await put(i.id, {
      charge_consignation_id: hc.id,
      charge_travaux_id: h2v.id,
      etapes: five(hc.id, h2v.id),
      signe_charge_consignation: true,
      signe_charge_travaux: true,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.numero).toMatch(/^CONS-\d{4}-\d{6}$/);
    expect(ok.json().data.attestee_le).not.toBeNull();
  });

  it('EN_COURS needs the attested consignation, TERMINEE the déconsignation in reverse order', async () => {
    const hc = await holder('Chargé HC 2', ['HC', 'H2V']);
    const i = await job();
    const start = await status(i.id, 'EN_COURS');
    expect(start.statusCode).toBe(422);
    expect(start.json().message).toBe(M.requiredToStart);
    const body = {
      charge_consignation_id: hc.id,
      charge_travaux_id: hc.id,
      etapes: five(hc.id),
      signe_charge_consignation: true,
      signe_charge_travaux: true,
    };
    expect((await put(i.id, body)).statusCode).toBe(200);
    expect((await status(i.id, 'EN_COURS')).statusCode).toBe(200);
    const finish = await status(i.id, 'TERMINEE');
    expect(finish.statusCode).toBe(422);
    expect(finish.json().message).toBe(M.requiredToFinish);
    const wrong = await put(i.id, { ...body, deconsignation: five(hc.id).slice(0, 2) });
    expect(wrong.statusCode).toBe(400);
    const back = five(hc.id)
      .reverse()
      .map((s, k) => ({ ...s, fait_le: `2026-12-01T17:${String(k).padStart(2, '0')}:00Z` }));
    expect((await put(i.id, { ...body, deconsignation: back })).statusCode).toBe(200);
    const done = await status(i.id, 'TERMINEE');
    expect(done.statusCode, done.body).toBe(200);
  });
});
