import { describe, expect, it } from 'vitest';
import { formatSlaDuration, type InterventionSla, slaBadge } from '../src/sla/sla-clock.ts';

const now = new Date('2026-03-02T12:00:00Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
const sla = (cibles: InterventionSla['cibles']): InterventionSla => ({ contrat_id: 1, hors_contrat: false, cibles });

describe('SLA badge text (issue 31)', () => {
  it('formats durations in French', () => {
    expect(formatSlaDuration(45)).toBe('45 min');
    expect(formatSlaDuration(130)).toBe('2 h 10');
    expect(formatSlaDuration(120)).toBe('2 h');
    expect(formatSlaDuration(1440 * 3 + 240)).toBe('3 j 4 h');
  });

  it('says the breached target first, then the running one due first, and "Hors contrat"', () => {
    const breached = sla([
      { cible: 'SUR_SITE', echeance: at(45), etat: 'EN_COURS', consomme_minutes: 0, atteint_le: null },
      { cible: 'RETABLISSEMENT', echeance: at(-130), etat: 'DEPASSE', consomme_minutes: 0, atteint_le: null },
    ]);
    expect(slaBadge(breached, now)).toEqual({ text: 'GTR dépassée de 2 h 10', tone: 'danger' });
    const running = sla([
      { cible: 'RETABLISSEMENT', echeance: at(300), etat: 'EN_COURS', consomme_minutes: 0, atteint_le: null },
      { cible: 'SUR_SITE', echeance: at(45), etat: 'EN_COURS', consomme_minutes: 0, atteint_le: null },
    ]);
    expect(slaBadge(running, now)).toEqual({ text: 'GTI dans 45 min', tone: 'warning' });
    expect(slaBadge({ contrat_id: null, hors_contrat: true, cibles: [] }, now)?.text).toBe('Hors contrat');
    expect(slaBadge(null, now)).toBeNull();
    // A clock past its deadline that the job has not advanced yet already reads "dépassée".
    const unadvanced = sla([
      { cible: 'SUR_SITE', echeance: at(-5), etat: 'EN_COURS', consomme_minutes: 0, atteint_le: null },
    ]);
    expect(slaBadge(unadvanced, now)?.text).toBe('GTI dépassée de 5 min');
  });
});
