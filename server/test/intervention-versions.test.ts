import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers/app.ts';
import { createIntervention, createUser } from './helpers/factories.ts';
import { url, useVersionFixtures } from './helpers/version-fixtures.ts';

/**
 * Versions of an intervention (ARCHITECTURE.md "Versions and sync"): +1 per accepted write of every kind, ETag on
 * GET, If-Match or body `version` compared under the row lock (409 VERSION_CONFLICT with the current state, nothing
 * written), no version = the behaviour of before. This file: the version of a new intervention, its ETag, and the +1
 * of every kind of write; If-Match and the body `version` are in intervention-versions-if-match.test.ts.
 */
const { fixtures, send, stored, upload, firstChecklistItem } = useVersionFixtures();
let t: TestApp;
let adminId: number;
beforeAll(() => {
  ({ t, adminId } = fixtures);
});

describe('version and ETag', () => {
  it('a new intervention is at version 1; GET answers it in the body and as ETag "v1", the workflow carries it', async () => {
    const created = await createIntervention(t.database.db);
    const res = await send('GET', url(created.id));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.version).toBe(1);
    expect(res.headers.etag).toBe('"v1"');
    expect((await send('GET', url(created.id, '/workflow'))).json().data.version).toBe(1);
    const posted = await send('POST', '/api/interventions', {
      equipement_id: created.equipementId,
      date: '2026-03-02',
    });
    expect(posted.json().data.version).toBe(1);
    const listed = (await send('GET', `/api/interventions?equipement_id=${created.equipementId}`)).json().data;
    expect(listed.map((i: { version: number }) => i.version)).toEqual([1, 1]);
  });
});

describe('every kind of write raises the version by exactly one', () => {
  it('fields, status, notes, records, checklist, materials, comments, timer, assignment, comptes rendus, review, attachments, lifecycle', async () => {
    const tech = await createUser(t.database.db, { nom: 'Karim Technicien' });
    const i = await createIntervention(t.database.db, { creerPar: adminId });
    const id = i.id;
    const itemId = await firstChecklistItem(id); // +1 (checklist add)
    const steps: [string, () => Promise<{ statusCode: number; json(): { data: { id?: number } } }>][] = [
      ['PUT /:id fields', () => send('PUT', url(id), { description: 'Remplacement du roulement' })],
      ['checklist tick', () => send('PUT', url(id, `/checklist/${itemId}`), { checked: true })],
      ['workflow note', () => send('POST', url(id, '/workflow/notes'), { note: 'Client prévenu' })],
      ['diagnostic', () => send('POST', url(id, '/diagnostic'), { constat: 'Roulement usé' })],
      [
        'planification with its technician',
        () => send('PUT', url(id, '/planification'), { datePrevue: '2026-12-01', technicianId: tech.id }),
      ],
      ['unassign', () => send('DELETE', url(id, '/assign'))],
      ['assign', () => send('PUT', url(id, '/assign'), { technicianId: tech.id })],
      ['status', () => send('PUT', url(id, '/status'), { statut: 'EN_COURS' })],
      ['timer start', () => send('POST', url(id, '/timer/start'))],
      ['timer stop', () => send('POST', url(id, '/timer/stop'))],
      ['quality control', () => send('POST', url(id, '/controle-qualite'), { resultat: 'CONFORME' })],
      [
        'material',
        () => send('POST', url(id, '/materials'), { designation: 'Roulement 6204', quantite: '2', prixUnitaire: '85' }),
      ],
      ['comment', () => send('POST', url(id, '/comments'), { comment: 'Pièce en stock' })],
      ['compte rendu', () => send('POST', url(id, '/report'), { titre: 'Visite', contenu: 'RAS' })],
      ['attachment', () => upload(id)],
      ['PUT /:id with a statut', () => send('PUT', url(id), { statut: 'TERMINEE' })],
      ['review submit', () => send('POST', url(id, '/review/submit'), {})],
      ['review approve', () => send('POST', url(id, '/review/approve'), {})],
      ['archive', () => send('PUT', url(id, '/archive'))],
      ['unarchive', () => send('PUT', url(id, '/unarchive'))],
    ];
    const created: Record<string, number> = {};
    for (const [name, write] of steps) {
      const before = (await stored(id)).version;
      const res = await write();
      expect(res.statusCode, name).toBeLessThan(300);
      expect((await stored(id)).version, name).toBe(before + 1);
      const dataId = res.json().data?.id;
      if (typeof dataId === 'number') created[name] = dataId;
    }
    // Changes and deletions of items, then the checklist step removal and the trash.
    const itemWrites: [string, () => Promise<{ statusCode: number }>][] = [
      ['material edit', () => send('PUT', url(id, `/materials/${created.material}`), { quantite: '3' })],
      ['comment edit', () => send('PUT', url(id, `/comments/${created.comment}`), { comment: 'Pièce commandée' })],
      [
        'compte rendu edit',
        () => send('PUT', url(id, `/reports/${created['compte rendu']}`), { titre: 'Visite', contenu: 'OK' }),
      ],
      ['material delete', () => send('DELETE', url(id, `/materials/${created.material}`))],
      ['comment delete', () => send('DELETE', url(id, `/comments/${created.comment}`))],
      ['attachment delete', () => send('DELETE', url(id, `/attachments/${created.attachment}`))],
      ['checklist remove', () => send('DELETE', url(id, `/checklist/${itemId}`))],
      ['soft-delete', () => send('PUT', url(id, '/soft-delete'))],
      ['restore', () => send('PUT', url(id, '/restore'))],
    ];
    for (const [name, write] of itemWrites) {
      const before = (await stored(id)).version;
      const res = await write();
      expect(res.statusCode, name).toBeLessThan(300);
      expect((await stored(id)).version, name).toBe(before + 1);
    }
  });

  it('a refused write (422, 403, 409) leaves the version as it was', async () => {
    const i = await createIntervention(t.database.db, { statut: 'TERMINEE' });
    const before = (await stored(i.id)).version;
    expect((await send('PUT', url(i.id, '/status'), { statut: 'EN_PAUSE' })).statusCode).toBe(422);
    expect((await send('POST', url(i.id, '/timer/stop'))).statusCode).toBe(409);
    const other = await createUser(t.database.db, { nom: 'Badr Technicien' });
    const session = await t.login(other.username, other.password);
    const refused = await t.as(session.token, {
      method: 'PUT',
      url: url(i.id, '/status'),
      payload: { statut: 'PLANIFIEE' },
    });
    expect(refused.statusCode).toBe(403);
    expect((await stored(i.id)).version).toBe(before);
  });

  it('bulk status and bulk assignment raise each intervention that changes, and only those', async () => {
    const tech = await createUser(t.database.db, { nom: 'Hamza Technicien' });
    const a = await createIntervention(t.database.db);
    const b = await createIntervention(t.database.db, { statut: 'EN_COURS', technicianId: tech.id });
    const status = await send('PUT', '/api/interventions/bulk/status', { ids: [a.id, b.id], status: 'EN_COURS' });
    expect(status.statusCode).toBe(200);
    expect([(await stored(a.id)).version, (await stored(b.id)).version]).toEqual([2, 1]);
    const assign = await send('PUT', '/api/interventions/bulk/assign', { ids: [a.id, b.id], technicianId: tech.id });
    expect(assign.statusCode).toBe(200);
    expect([(await stored(a.id)).version, (await stored(b.id)).version]).toEqual([3, 1]);
  });
});
