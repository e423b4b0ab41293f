import { describe, expect, it } from 'vitest';
import {
  interventionCreateSchema,
  interventionListQuerySchema,
  reopenFormSchema,
  statusChangeSchema,
} from '../src/interventions/intervention-schemas.ts';
import { derivePhases, nextActions, phaseDisplays } from '../src/interventions/phases.ts';
import { FORM_STATUTS, STATUT_LABELS, STATUTS, type Statut } from '../src/interventions/status.ts';
import {
  canTransition,
  detailActions,
  formStatutOptions,
  isReopening,
  nextCycleStatut,
  REOPEN_MESSAGES,
  reopenRefusal,
  TRANSITIONS,
  WORKFLOW_MESSAGES,
} from '../src/interventions/workflow.ts';

/** The whole table, written out: every pair not listed here must be refused. */
const ALLOWED: [Statut, Statut][] = [
  ['PLANIFIEE', 'EN_COURS'],
  ['PLANIFIEE', 'EN_ATTENTE_PDR'],
  ['PLANIFIEE', 'ANNULEE'],
  ['EN_ATTENTE_PDR', 'EN_COURS'],
  ['EN_ATTENTE_PDR', 'PLANIFIEE'],
  ['EN_ATTENTE_PDR', 'ANNULEE'],
  ['EN_COURS', 'EN_PAUSE'],
  ['EN_COURS', 'TERMINEE'],
  ['EN_COURS', 'EN_ATTENTE_PDR'],
  ['EN_COURS', 'ECHEC'],
  ['EN_COURS', 'ANNULEE'],
  ['EN_PAUSE', 'EN_COURS'],
  ['EN_PAUSE', 'PLANIFIEE'],
  ['EN_PAUSE', 'EN_ATTENTE_PDR'],
  ['EN_PAUSE', 'ECHEC'],
  ['EN_PAUSE', 'ANNULEE'],
  ['TERMINEE', 'PLANIFIEE'],
  ['ANNULEE', 'PLANIFIEE'],
  ['ECHEC', 'PLANIFIEE'],
];
const key = (a: string, b: string) => `${a}->${b}`;
const allowedKeys = new Set(ALLOWED.map(([a, b]) => key(a, b)));
const ALL_PAIRS = STATUTS.flatMap((from) => STATUTS.map((to) => [from, to] as [Statut, Statut]));
const REFUSED = ALL_PAIRS.filter(([a, b]) => !allowedKeys.has(key(a, b)));

describe('transition table', () => {
  it('covers 49 pairs: 19 allowed, 30 refused', () => {
    expect(ALL_PAIRS).toHaveLength(49);
    expect(REFUSED).toHaveLength(30);
    expect(Object.values(TRANSITIONS).flat()).toHaveLength(ALLOWED.length);
  });
  it.each(ALLOWED)('allows %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
  });
  it.each(REFUSED)('refuses %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(false);
  });
  it('never allows staying on the same status', () => {
    for (const s of STATUTS) expect(canTransition(s, s)).toBe(false);
  });
  it('allows every move the spec buttons and the cycle make', () => {
    for (const s of STATUTS) {
      expect(canTransition(s, nextCycleStatut(s))).toBe(true);
      for (const a of detailActions(s)) expect(canTransition(s, a.statut)).toBe(true);
    }
  });
  it('refusal message names both statuses', () => {
    const msg = WORKFLOW_MESSAGES.transitionRefused('TERMINEE', 'EN_COURS');
    expect(msg).toContain(STATUT_LABELS.TERMINEE);
    expect(msg).toContain(STATUT_LABELS.EN_COURS);
  });
});

describe('Changer Statut cycle and detail buttons (spec §4)', () => {
  it('cycles PLANIFIEE→EN_COURS→TERMINEE→PLANIFIEE and any other → PLANIFIEE', () => {
    expect(nextCycleStatut('PLANIFIEE')).toBe('EN_COURS');
    expect(nextCycleStatut('EN_COURS')).toBe('TERMINEE');
    for (const s of ['EN_ATTENTE_PDR', 'EN_PAUSE', 'TERMINEE', 'ANNULEE', 'ECHEC'] as Statut[]) {
      expect(nextCycleStatut(s)).toBe('PLANIFIEE');
    }
  });
  it('shows the spec buttons, none when TERMINEE or ANNULEE', () => {
    const primary = (s: Statut) => detailActions(s).filter((a) => a.primary);
    expect(primary('PLANIFIEE')).toEqual([{ statut: 'EN_COURS', label: 'Démarrer', primary: true }]);
    expect(primary('EN_COURS').map((a) => [a.statut, a.label])).toEqual([
      ['EN_PAUSE', 'Mettre en Pause'],
      ['TERMINEE', 'Terminer'],
    ]);
    expect(primary('EN_PAUSE').map((a) => a.label)).toEqual(['Reprendre']);
    expect(detailActions('TERMINEE')).toEqual([]);
    expect(detailActions('ANNULEE')).toEqual([]);
  });
  it('the edit form offers only reachable form statuses plus the current one', () => {
    expect(formStatutOptions('PLANIFIEE', FORM_STATUTS)).toEqual(['PLANIFIEE', 'EN_ATTENTE_PDR', 'EN_COURS']);
    expect(formStatutOptions('EN_COURS', FORM_STATUTS)).toEqual(['EN_ATTENTE_PDR', 'EN_COURS', 'TERMINEE']);
    expect(formStatutOptions('TERMINEE', FORM_STATUTS)).toEqual(['PLANIFIEE', 'TERMINEE']);
  });
});

describe('phases', () => {
  const h = (from: Statut | null, to: Statut, minute: number) => ({
    fromStatut: from,
    toStatut: to,
    createdAt: `2026-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
  });
  const done = (statut: Statut, history = [h(null, 'PLANIFIEE', 0)]) =>
    Object.entries(derivePhases(statut, history))
      .filter(([, v]) => v.completed)
      .map(([k]) => k);

  it('follows the status', () => {
    expect(done('PLANIFIEE')).toEqual([]);
    expect(done('EN_ATTENTE_PDR')).toEqual(['planification']);
    expect(done('EN_COURS')).toEqual(['planification', 'preparation']);
    expect(done('EN_PAUSE')).toEqual(['planification', 'preparation']);
    expect(done('ECHEC')).toEqual(['planification', 'preparation', 'execution']);
    expect(done('TERMINEE')).toEqual(['planification', 'preparation', 'execution', 'cloture']);
  });
  it('a cancelled intervention keeps the progress it had and is closed', () => {
    const history = [h(null, 'PLANIFIEE', 0), h('PLANIFIEE', 'EN_COURS', 1), h('EN_COURS', 'ANNULEE', 2)];
    expect(done('ANNULEE', history)).toEqual(['planification', 'preparation', 'cloture']);
    expect(done('ANNULEE', [h(null, 'PLANIFIEE', 0), h('PLANIFIEE', 'ANNULEE', 1)])).toEqual(['cloture']);
  });
  it('dates each completed phase from the history and resets on replanning', () => {
    const history = [h(null, 'PLANIFIEE', 0), h('PLANIFIEE', 'EN_COURS', 1), h('EN_COURS', 'TERMINEE', 5)];
    const phases = derivePhases('TERMINEE', history);
    expect(phases.planification.completedAt).toBe(history[1]?.createdAt);
    expect(phases.cloture.completedAt).toBe(history[2]?.createdAt);
    const reopened = derivePhases('PLANIFIEE', [...history, h('TERMINEE', 'PLANIFIEE', 9)]);
    expect(Object.values(reopened).every((p) => !p.completed && p.completedAt === null)).toBe(true);
  });
  it('displays Terminé / En cours / En attente', () => {
    const displays = phaseDisplays(derivePhases('EN_COURS', [])).map((d) => d.display);
    expect(displays).toEqual(['Terminé', 'Terminé', 'En cours', 'En attente']);
  });
  it('next actions are French and flag urgency for open work only', () => {
    expect(nextActions('PLANIFIEE', { urgent: true })[0]).toMatch(/urgente/);
    expect(nextActions('TERMINEE', { urgent: true }).some((a) => /urgente/.test(a))).toBe(false);
  });
});

describe('schemas', () => {
  it('create requires equipment and date, defaults urgency and status', () => {
    const bad = interventionCreateSchema.safeParse({});
    expect(bad.success).toBe(false);
    const ok = interventionCreateSchema.parse({ equipement_id: 3, date: '2026-03-01', description: '' });
    expect(ok).toMatchObject({ urgence: false, statut: 'PLANIFIEE', description: null });
  });
  it('list query coerces filters and defaults overdue days to 30', () => {
    const q = interventionListQuerySchema.parse({ urgence: 'true', overdue: '1', equipement_id: '4' });
    expect(q).toMatchObject({ urgence: true, overdue: true, days: 30, equipement_id: 4, page: 1, limit: 10 });
    expect(interventionListQuerySchema.safeParse({ statut: 'NOPE' }).success).toBe(false);
  });
});

describe('reopening a finished intervention (issue 30)', () => {
  const tech = { permissions: ['interventions:update'] };
  const approver = { permissions: ['interventions:update', 'interventions:approve'] };
  const move = (from: string, reviewStatus: 'SOUMISE' | 'APPROUVEE' | null, motif: string | null) => ({
    from,
    to: 'PLANIFIEE',
    reviewStatus,
    motif,
  });

  it('any move out of TERMINEE needs a motif; other moves never do', () => {
    expect(isReopening('TERMINEE', 'PLANIFIEE')).toBe(true);
    expect(isReopening('ANNULEE', 'PLANIFIEE')).toBe(false);
    expect(reopenRefusal(tech, move('TERMINEE', null, null))).toEqual({
      kind: 'motif',
      message: REOPEN_MESSAGES.motifRequired,
    });
    expect(reopenRefusal(tech, move('TERMINEE', 'SOUMISE', '  '))?.kind).toBe('motif');
    expect(reopenRefusal(tech, move('TERMINEE', 'SOUMISE', 'Fuite'))).toBeNull();
    expect(reopenRefusal(tech, move('ECHEC', null, null))).toBeNull();
  });

  it('an approved one only by a holder of interventions:approve (checked before the motif)', () => {
    expect(reopenRefusal(tech, move('TERMINEE', 'APPROUVEE', 'Fuite'))).toEqual({
      kind: 'forbidden',
      message: REOPEN_MESSAGES.approvedRefused,
    });
    expect(reopenRefusal(tech, move('TERMINEE', 'APPROUVEE', null))?.kind).toBe('forbidden');
    expect(reopenRefusal(approver, move('TERMINEE', 'APPROUVEE', 'Fuite'))).toBeNull();
    expect(reopenRefusal(approver, move('TERMINEE', 'APPROUVEE', null))?.kind).toBe('motif');
  });

  it('the status bodies take an optional motif; the confirmation requires one', () => {
    expect(statusChangeSchema.parse({ statut: 'PLANIFIEE' }).motif).toBeUndefined();
    expect(statusChangeSchema.parse({ statut: 'PLANIFIEE', motif: ' Fuite ' }).motif).toBe('Fuite');
    const empty = reopenFormSchema.safeParse({ motif: '  ' });
    expect(empty.success ? null : empty.error.issues[0]?.message).toBe(REOPEN_MESSAGES.motifRequired);
  });
});
