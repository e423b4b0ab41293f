import { COMPTE_RENDU_MESSAGES } from '@gmao/domain/interventions/compte-rendu-schemas';
import { POLICY_MESSAGES } from '@gmao/domain/interventions/policy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interventionReportDetails } from '../src/modules/reports/intervention-report-details.repository.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createIntervention, createUser } from './helpers/factories.ts';

let t: TestApp;
let admin: string;
let alice: { id: number; token: string };
let bob: { id: number; token: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const a = await createUser(t.database.db, { nom: 'Alice Rédactrice' });
  alice = { id: a.id, token: (await t.login(a.username, a.password)).token };
  const b = await createUser(t.database.db, { nom: 'Bob Autre' });
  bob = { id: b.id, token: (await t.login(b.username, b.password)).token };
});
afterAll(() => t.close());

/** Alice created it and Bob holds it: both may write comptes rendus on it (domain/src/interventions/policy.ts). */
const theirs = () => createIntervention(t.database.db, { creerPar: alice.id, technicianId: bob.id });
const post = (id: number, payload: object, token = alice.token) =>
  t.as(token, { method: 'POST', url: `/api/interventions/${id}/report`, payload });
const put = (id: number, rid: number, payload: object, token: string) =>
  t.as(token, { method: 'PUT', url: `/api/interventions/${id}/reports/${rid}`, payload });

describe('comptes rendus', () => {
  it('writes and lists reports, newest first, with their author', async () => {
    const i = await theirs();
    const first = await post(i.id, { titre: 'Intervention du matin', contenu: 'Remplacement du joint.' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      message: COMPTE_RENDU_MESSAGES.created,
      data: { titre: 'Intervention du matin', auteur: { id: alice.id, nom: 'Alice Rédactrice' } },
    });
    await post(i.id, { titre: 'Suivi', contenu: 'Essais OK.' }, bob.token);
    const list = await t.as(alice.token, { method: 'GET', url: `/api/interventions/${i.id}/reports` });
    expect(list.json().data.map((r: { titre: string }) => r.titre)).toEqual(['Suivi', 'Intervention du matin']);
    const d = await interventionReportDetails(t.database.db, i.id);
    expect(d.comptesRendus.map((r) => [r.titre, r.user])).toEqual([
      ['Intervention du matin', 'Alice Rédactrice'],
      ['Suivi', 'Bob Autre'],
    ]);
    const pdf = await t.as(admin, { method: 'GET', url: `/api/reports/interventions/${i.id}/pdf` });
    expect(pdf.statusCode).toBe(200);
  });

  it('validates with French messages', async () => {
    const i = await theirs();
    const res = await post(i.id, { titre: ' ', contenu: '' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.body).toContain(COMPTE_RENDU_MESSAGES.titreRequired);
    expect((await post(999999, { titre: 'x', contenu: 'y' })).statusCode).toBe(404);
  });

  it('only the author or a holder of interventions:assign (here the administrator) edits', async () => {
    const i = await theirs();
    const r = (await post(i.id, { titre: 'Constat', contenu: 'Initial' })).json().data;
    const byBob = await put(i.id, r.id, { titre: 'Piraté', contenu: 'x' }, bob.token);
    expect(byBob.statusCode).toBe(403);
    expect(byBob.json().message).toBe(POLICY_MESSAGES.notAuthor);
    const byAlice = await put(i.id, r.id, { titre: 'Constat', contenu: 'Corrigé' }, alice.token);
    expect(byAlice.json()).toMatchObject({ message: COMPTE_RENDU_MESSAGES.updated, data: { contenu: 'Corrigé' } });
    expect((await put(i.id, r.id, { titre: 'Admin', contenu: 'Relu' }, admin)).statusCode).toBe(200);
    expect((await put(i.id, 999999, { titre: 'a', contenu: 'b' }, admin)).statusCode).toBe(404);
  });
});
