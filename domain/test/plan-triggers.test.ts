import { describe, expect, it } from 'vitest';
import { meterReadingFormSchema, meterReadingInputSchema } from '../src/equipment/meter-schemas.ts';
import { planFormSchema } from '../src/plans/plan-form.ts';
import { planInputSchema } from '../src/plans/plan-schemas.ts';
import { meterDue, nextAfterCompletion } from '../src/plans/recurrence.ts';

const skips = [
  { jour: '2000-05-01', annuel: true }, // Fête du Travail
  { jour: '2026-05-27', annuel: false }, // Aïd al-Adha
  { jour: '2026-05-28', annuel: false },
];

describe('N days after the last completion', () => {
  it('the first occurrence is the plan start', () => {
    expect(nextAfterCompletion('2026-03-02', 30, null)).toEqual({ rule_date: '2026-03-02', due_date: '2026-03-02' });
  });

  it('after a completion, the next one is N days after the completion day', () => {
    expect(nextAfterCompletion('2026-03-02', 30, '2026-03-04').rule_date).toBe('2026-04-03');
  });

  it('a late completion shifts the next one (and every one after it)', () => {
    const onTime = nextAfterCompletion('2026-01-05', 30, '2026-01-05');
    const late = nextAfterCompletion('2026-01-05', 30, '2026-01-20');
    expect(onTime.rule_date).toBe('2026-02-04');
    expect(late.rule_date).toBe('2026-02-19');
    expect(nextAfterCompletion('2026-01-05', 30, '2026-02-25').rule_date).toBe('2026-03-27');
  });

  it('skips holidays as the calendar mode does (next working day), keeping the rule date as the key', () => {
    // 2026-04-01 + 30 = 2026-05-01 (Fête du Travail, a Friday) → Monday 2026-05-04.
    expect(nextAfterCompletion('2026-01-01', 30, '2026-04-01', skips)).toEqual({
      rule_date: '2026-05-01',
      due_date: '2026-05-04',
    });
    // Aïd al-Adha 27–28 May 2026 (Wed–Thu) → Friday the 29th.
    expect(nextAfterCompletion('2026-01-01', 7, '2026-05-20', skips).due_date).toBe('2026-05-29');
  });

  it('an occurrence dropped without completion (cancelled) counts as a cycle from its rule date', () => {
    expect(nextAfterCompletion('2026-01-05', 30, '2026-01-20', [], null, '2026-02-19').rule_date).toBe('2026-03-21');
    // A completion after the dropped one wins.
    expect(nextAfterCompletion('2026-01-05', 30, '2026-03-01', [], null, '2026-02-19').rule_date).toBe('2026-03-31');
  });

  it('never before the plan start nor before a resumed plan’s generate_from', () => {
    expect(nextAfterCompletion('2026-06-01', 10, '2026-05-01').rule_date).toBe('2026-06-01');
    expect(nextAfterCompletion('2026-01-01', 10, '2026-02-01', [], '2026-03-01').rule_date).toBe('2026-03-01');
  });
});

describe('meter trigger', () => {
  it('is due when the hours since the baseline reach the threshold, not before, and never without readings', () => {
    expect(meterDue(1000, 1249, 250)).toBe(false);
    expect(meterDue(1000, 1250, 250)).toBe(true);
    expect(meterDue(null, 1250, 250)).toBe(false);
    expect(meterDue(1000, null, 250)).toBe(false);
  });

  it('readings: whole hours, positive, a valid day; the form shows the same messages', () => {
    expect(meterReadingInputSchema.safeParse({ date: '2026-03-01', valeur: 1200 }).success).toBe(true);
    expect(meterReadingInputSchema.safeParse({ date: '2026-02-30', valeur: 1200 }).success).toBe(false);
    expect(meterReadingInputSchema.safeParse({ date: '2026-03-01', valeur: -1 }).success).toBe(false);
    const form = meterReadingFormSchema.safeParse({ date: '2026-03-01', valeur: '12.5' });
    expect(form.error?.issues[0]).toMatchObject({ path: ['valeur'], message: expect.stringMatching(/entier/) });
  });
});

describe('plan input: mode and meter threshold', () => {
  const base = { nom: 'Vidange', template_id: 1, equipement_id: 3, date_debut: '2026-03-01' };

  it('defaults to the calendar mode, which needs the rule', () => {
    const r = planInputSchema.safeParse(base);
    expect(r.error?.issues.map((i) => i.path[0])).toEqual(['rrule']);
    expect(planInputSchema.parse({ ...base, rrule: 'FREQ=MONTHLY' })).toMatchObject({
      mode: 'CALENDRIER',
      intervalle_jours: null,
      seuil_heures: null,
    });
  });

  it('after-completion mode needs N days; the rule may be left out (stored as every N days)', () => {
    expect(planInputSchema.safeParse({ ...base, mode: 'APRES_REALISATION' }).error?.issues[0]?.path).toEqual([
      'intervalle_jours',
    ]);
    expect(planInputSchema.parse({ ...base, mode: 'APRES_REALISATION', intervalle_jours: 90 })).toMatchObject({
      mode: 'APRES_REALISATION',
      intervalle_jours: 90,
      rrule: 'FREQ=DAILY;INTERVAL=90',
    });
  });

  it('the meter threshold is a positive whole number of hours', () => {
    expect(planInputSchema.parse({ ...base, rrule: 'FREQ=YEARLY', seuil_heures: 250 }).seuil_heures).toBe(250);
    expect(planInputSchema.safeParse({ ...base, rrule: 'FREQ=YEARLY', seuil_heures: 0 }).success).toBe(false);
  });

  it('the form sends the mode, N days and threshold through the same schema', () => {
    const fields = {
      nom: 'Vidange',
      template_id: '1',
      cible: 'equipement' as const,
      equipement_id: '3',
      client_id: '',
      type_equipement: '',
      rrule: '',
      date_debut: '2026-03-01',
      jours_avance: '7',
      technicien_id: '',
      actif: true,
      mode: 'APRES_REALISATION' as const,
      intervalle_jours: '45',
      seuil_heures: '250',
    };
    expect(planFormSchema.parse(fields)).toMatchObject({
      mode: 'APRES_REALISATION',
      intervalle_jours: 45,
      seuil_heures: 250,
    });
    const bad = planFormSchema.safeParse({ ...fields, intervalle_jours: '', seuil_heures: 'x' });
    expect(bad.error?.issues.map((i) => i.path[0]).sort()).toEqual(['intervalle_jours', 'seuil_heures']);
  });
});
