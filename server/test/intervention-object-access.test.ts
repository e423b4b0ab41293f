import { POLICY_MESSAGES } from '@gmao/domain/interventions/policy';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers/app.ts';
import { createIntervention } from './helpers/factories.ts';
import { type Actor, base, type Statut, useObjectAccess } from './helpers/object-access.ts';

/**
 * Object-level access (domain/src/interventions/policy.ts): two technicians (A, B), one Responsable, one Consultation
 * user; every write on A's intervention (created by A, or assigned to A) against B's, and on items authored by A
 * against B's. A refusal is a 403 with the policy's message and leaves the database as it was. The items, the
 * lifecycle, reading and migration 0009 are in intervention-object-access-items.test.ts.
 */
const { fixtures, make, snapshot, expectRefused, expectAllowed } = useObjectAccess();
let t: TestApp;
let techA: Actor;
let techB: Actor;
let resp: Actor;
let viewer: Actor;

beforeAll(() => {
  ({ t, techA, techB, resp, viewer } = fixtures);
});

/** The work on an intervention: its creator or assignee, or a holder of interventions:assign. */
const WORK: {
  name: string;
  statut?: Statut;
  request: (id: number) => InjectOptions;
  /** The refusal's message when it is not the policy's notInvolved. */
  refusal?: (id: number) => string;
}[] = [
  {
    name: 'status change',
    request: (id) => ({ method: 'PUT', url: `${base(id)}/status`, payload: { statut: 'EN_COURS' } }),
  },
  {
    name: 'status change through PUT /:id',
    request: (id) => ({ method: 'PUT', url: base(id), payload: { statut: 'EN_COURS' } }),
  },
  { name: 'field edit', request: (id) => ({ method: 'PUT', url: base(id), payload: { description: 'Modifiée' } }) },
  {
    name: 'bulk status',
    request: (id) => ({
      method: 'PUT',
      url: '/api/interventions/bulk/status',
      payload: { ids: [id], status: 'EN_COURS' },
    }),
    refusal: (id) => POLICY_MESSAGES.bulkRefused([id]),
  },
  {
    name: 'diagnostic',
    request: (id) => ({ method: 'POST', url: `${base(id)}/diagnostic`, payload: { constat: 'Fuite au joint' } }),
  },
  {
    name: 'planification',
    request: (id) => ({ method: 'PUT', url: `${base(id)}/planification`, payload: { datePrevue: '2030-01-15' } }),
  },
  {
    name: 'contrôle qualité',
    statut: 'EN_COURS',
    request: (id) => ({ method: 'POST', url: `${base(id)}/controle-qualite`, payload: { resultat: 'CONFORME' } }),
  },
  {
    name: 'checklist item',
    request: (id) => ({ method: 'POST', url: `${base(id)}/checklist`, payload: { label: 'Serrage des bornes' } }),
  },
  { name: 'timer start', statut: 'EN_COURS', request: (id) => ({ method: 'POST', url: `${base(id)}/timer/start` }) },
  {
    name: 'material line',
    request: (id) => ({
      method: 'POST',
      url: `${base(id)}/materials`,
      payload: { designation: 'Câble 4 mm²', quantite: '2', prixUnitaire: '12.50' },
    }),
  },
  {
    name: 'compte rendu',
    request: (id) => ({ method: 'POST', url: `${base(id)}/report`, payload: { titre: 'Visite', contenu: 'RAS' } }),
  },
  {
    name: 'workflow note',
    request: (id) => ({ method: 'POST', url: `${base(id)}/workflow/notes`, payload: { note: 'Pièce commandée' } }),
  },
  {
    name: 'review submit',
    statut: 'TERMINEE',
    request: (id) => ({ method: 'POST', url: `${base(id)}/review/submit`, payload: {} }),
  },
];

describe.each(WORK)('$name', ({ statut, request, refusal }) => {
  it('a technician on an intervention he created or is assigned to: allowed', async () => {
    await expectAllowed(techA, request((await make('createdByA', statut)).id));
    await expectAllowed(techA, request((await make('assignedToA', statut)).id));
  });

  it('a technician on another technician’s intervention, or one nobody holds: 403, nothing changed', async () => {
    const message = (id: number) => refusal?.(id) ?? POLICY_MESSAGES.notInvolved;
    const ofB = await make('ofB', statut);
    await expectRefused(techA, ofB.id, request(ofB.id), message(ofB.id));
    const unassigned = await make('unassigned', statut);
    await expectRefused(techA, unassigned.id, request(unassigned.id), message(unassigned.id));
    await expectAllowed(techB, request(ofB.id));
  });

  it('the Responsable on anyone’s intervention: allowed; the Consultation user: 403', async () => {
    await expectAllowed(resp, request((await make('ofB', statut)).id));
    const mine = await createIntervention(t.database.db, { statut, creerPar: viewer.id, technicianId: viewer.id });
    await expectRefused(viewer, mine.id, request(mine.id));
  });
});

describe('comments and attachments: any holder of interventions:update may add them', () => {
  it('a technician comments on another technician’s intervention; the Consultation user may not', async () => {
    const ofB = await make('ofB');
    await expectAllowed(techA, { method: 'POST', url: `${base(ofB.id)}/comments`, payload: { comment: 'Vu' } });
    await expectRefused(viewer, ofB.id, { method: 'POST', url: `${base(ofB.id)}/comments`, payload: { comment: 'x' } });
  });
});

describe('bulk status', () => {
  it('is all or nothing: one intervention the technician may not change refuses the batch, naming it', async () => {
    const own = await make('assignedToA');
    const ofB = await make('ofB');
    const payload = { ids: [own.id, ofB.id], status: 'EN_COURS' };
    const ownBefore = await snapshot(own.id);
    await expectRefused(
      techA,
      ofB.id,
      { method: 'PUT', url: '/api/interventions/bulk/status', payload },
      POLICY_MESSAGES.bulkRefused([ofB.id]),
    );
    expect(await snapshot(own.id)).toEqual(ownBefore);
    const res = await expectAllowed(resp, { method: 'PUT', url: '/api/interventions/bulk/status', payload });
    expect(res.json().data).toEqual({ count: 2 });
  });
});

describe('assignment', () => {
  const assign = (id: number, technicianId: number): InjectOptions => ({
    method: 'PUT',
    url: `${base(id)}/assign`,
    payload: { technicianId },
  });

  it('a technician takes an intervention nobody holds for himself, and nothing else', async () => {
    const free = await make('unassigned');
    const res = await expectAllowed(techA, assign(free.id, techA.id));
    expect(res.json().data.technician).toEqual({ id: techA.id, nom: 'Amine Technicien' });
    const ofB = await make('ofB');
    await expectRefused(techA, ofB.id, assign(ofB.id, techA.id), POLICY_MESSAGES.assignRequired);
    const other = await make('unassigned');
    await expectRefused(techA, other.id, assign(other.id, techB.id), POLICY_MESSAGES.assignRequired);
  });

  it('a technician neither reassigns nor unassigns his own intervention', async () => {
    const own = await make('createdByA');
    await expectRefused(techA, own.id, assign(own.id, techB.id), POLICY_MESSAGES.assignRequired);
    const held = await make('assignedToA');
    await expectRefused(techA, held.id, { method: 'DELETE', url: `${base(held.id)}/assign` });
    await expectRefused(techA, held.id, {
      method: 'PUT',
      url: '/api/interventions/bulk/assign',
      payload: { ids: [held.id], technicianId: techA.id },
    });
  });

  it('nor through the planification form; keeping the assignee is fine', async () => {
    const held = await make('assignedToA');
    const plan = (technicianId: number | null): InjectOptions => ({
      method: 'PUT',
      url: `${base(held.id)}/planification`,
      payload: { datePrevue: '2030-02-01', technicianId },
    });
    await expectRefused(techA, held.id, plan(techB.id), POLICY_MESSAGES.assignRequired);
    await expectRefused(techA, held.id, plan(null), POLICY_MESSAGES.assignRequired);
    await expectAllowed(techA, plan(techA.id));
  });

  it('the Responsable assigns, reassigns (single and bulk) and unassigns; the Consultation user may not', async () => {
    const ofB = await make('ofB');
    const res = await expectAllowed(resp, assign(ofB.id, techA.id));
    expect(res.json().data.technicianId).toBe(techA.id);
    await expectAllowed(resp, {
      method: 'PUT',
      url: '/api/interventions/bulk/assign',
      payload: { ids: [ofB.id], technicianId: techB.id },
    });
    await expectAllowed(resp, { method: 'DELETE', url: `${base(ofB.id)}/assign` });
    await expectRefused(viewer, ofB.id, assign(ofB.id, viewer.id));
  });
});

describe('timer', () => {
  it('a technician stops his own running session even once the intervention was given to someone else', async () => {
    const held = await make('assignedToA', 'EN_COURS');
    await expectAllowed(techA, { method: 'POST', url: `${base(held.id)}/timer/start` });
    await expectAllowed(resp, { method: 'PUT', url: `${base(held.id)}/assign`, payload: { technicianId: techB.id } });
    await expectRefused(techA, held.id, { method: 'POST', url: `${base(held.id)}/timer/start` });
    const stop = await expectAllowed(techA, { method: 'POST', url: `${base(held.id)}/timer/stop` });
    expect(stop.json().data.running).toBeNull();
  });
});
