import { describe, expect, it } from 'vitest';
import { describePlanTriggers, describeRrule } from '../src/plans/plan-form.ts';

describe('a recurrence rule in French (issue 30: no raw RFC 5545 rule for a maintenance manager)', () => {
  it('tells the presets and the common rules in words', () => {
    expect(describeRrule('FREQ=YEARLY')).toBe('Tous les ans');
    expect(describeRrule('FREQ=MONTHLY;INTERVAL=6')).toBe('Tous les 6 mois');
    expect(describeRrule('FREQ=YEARLY;BYMONTH=3,9;BYDAY=1MO')).toBe(
      'Tous les ans, en mars et septembre, le premier lundi',
    );
    expect(describeRrule('FREQ=MONTHLY;BYMONTHDAY=1')).toBe('Tous les mois, le 1er');
    expect(describeRrule('FREQ=MONTHLY;BYDAY=-1FR')).toBe('Tous les mois, le dernier vendredi');
    expect(describeRrule('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR')).toBe(
      'Toutes les 2 semaines, le lundi, le mercredi et le vendredi',
    );
    expect(describeRrule('FREQ=DAILY;COUNT=10')).toBe('Tous les jours, 10 fois');
    expect(describeRrule('FREQ=MONTHLY;UNTIL=20271231')).toBe("Tous les mois, jusqu'au 31/12/2027");
  });

  it('never shows the rule text, even for what it cannot tell', () => {
    for (const rule of [
      'FREQ=MONTHLY;BYSETPOS=-1;BYDAY=MO,TU',
      'FREQ=HOURLY',
      'n’importe quoi',
      'FREQ=YEARLY;BYMONTH=13',
    ]) {
      expect(describeRrule(rule)).toMatch(/^Récurrence personnalisée/);
      expect(describeRrule(rule)).not.toMatch(/FREQ|BY/);
    }
    expect(
      describePlanTriggers({
        mode: 'CALENDRIER',
        rrule: 'FREQ=YEARLY;BYMONTH=6',
        intervalle_jours: null,
        seuil_heures: null,
      }),
    ).toBe('Tous les ans, en juin');
  });
});
