import { describe, expect, it } from 'vitest';
import {
  calendarInputSchema,
  contractInputSchema,
  DEFAULT_PAUSE_RULES,
  formatHeure,
  CONTRACT_MESSAGES as M,
  parseHeure,
  plagesIssue,
} from '../src/contracts/contract-schemas.ts';
import { pauseApplies } from '../src/contracts/pause-rules.ts';
import { CALENDAR_MESSAGES } from '../src/sla/calendar-messages.ts';

const contract = {
  client_id: 1,
  numero: 'CT-2026-001',
  type: 'COMPLET',
  date_debut: '2026-01-01',
  date_fin: '2026-12-31',
  calendrier_id: 1,
  garanties: [{ urgence: true, cible: 'SUR_SITE', minutes: 240 }],
};

describe('calendar intervals', () => {
  it('reads and writes HH:MM, 24:00 included', () => {
    expect(parseHeure('08:30')).toBe(510);
    expect(parseHeure('24:00')).toBe(1440);
    expect(parseHeure('24:30')).toBeNull();
    expect(parseHeure('8:00')).toBeNull();
    expect(formatHeure(1440)).toBe('24:00');
  });

  it('accepts a lunch break and touching intervals, refuses overlap and inversion', () => {
    const split = [
      { jour: 1, debut: '08:00', fin: '12:00' },
      { jour: 1, debut: '14:00', fin: '18:00' },
      { jour: 2, debut: '12:00', fin: '14:00' },
      { jour: 2, debut: '14:00', fin: '18:00' },
    ];
    expect(plagesIssue(split)).toBeNull();
    expect(
      plagesIssue([
        { jour: 3, debut: '08:00', fin: '12:00' },
        { jour: 3, debut: '11:00', fin: '15:00' },
      ]),
    ).toEqual({ index: 1, message: CALENDAR_MESSAGES.plagesChevauchement('mercredi', '08:00–12:00', '11:00–15:00') });
    expect(plagesIssue([{ jour: 1, debut: '18:00', fin: '08:00' }])?.message).toBe(
      CALENDAR_MESSAGES.plageInversee('lundi', '18:00', '08:00'),
    );
  });

  it('says the overlap in French and names the day', () => {
    const r = calendarInputSchema.safeParse({
      nom: 'X',
      plages: [
        { jour: 1, debut: '08:00', fin: '12:00' },
        { jour: 1, debut: '10:00', fin: '13:00' },
      ],
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(
      'Les plages horaires du lundi se chevauchent (08:00–12:00 et 10:00–13:00).',
    );
  });
});

describe('contract body', () => {
  it('defaults: all equipment, default pause rules, statuses alone mean always', () => {
    const v = contractInputSchema.parse(contract);
    expect(v.equipement_ids).toBeNull();
    expect(v.statuts_pause).toEqual([
      { statut: 'EN_ATTENTE_PDR', condition: 'PIECES_CLIENT' },
      { statut: 'EN_PAUSE', condition: 'ATTENTE_CLIENT' },
    ]);
    expect(contractInputSchema.parse({ ...contract, statuts_pause: ['EN_PAUSE'] }).statuts_pause).toEqual([
      { statut: 'EN_PAUSE', condition: 'TOUJOURS' },
    ]);
  });

  it.each([
    [{ date_fin: '2025-12-31' }, M.endBeforeStart],
    [{ garanties: [{ urgence: true, cible: 'SUR_SITE', minutes: 0 }] }, M.minutesInvalid],
    [{ garanties: [{ urgence: false, cible: 'SUR_SITE', minutes: -5 }] }, M.minutesInvalid],
    [{ equipement_ids: [] }, M.equipmentEmpty],
    [{ equipement_ids: [3, 3] }, M.equipmentDuplicate],
    [{ montant_annuel_ht: '1e14' }, M.montantInvalid],
    [
      {
        garanties: [
          { urgence: true, cible: 'SUR_SITE', minutes: 60 },
          { urgence: true, cible: 'SUR_SITE', minutes: 90 },
        ],
      },
      M.guaranteeDuplicate,
    ],
  ])('refuses %j', (patch, message) => {
    const r = contractInputSchema.safeParse({ ...contract, ...patch });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toContain(message);
  });
});

describe('pause rules', () => {
  const facts = { statut: 'EN_ATTENTE_PDR', pauseMotif: null, clientSuppliesParts: false };
  it('the defaults pause only when the client supplies the parts, or on a pause for the client', () => {
    expect(pauseApplies(DEFAULT_PAUSE_RULES, facts)).toBe(false);
    expect(pauseApplies(DEFAULT_PAUSE_RULES, { ...facts, clientSuppliesParts: true })).toBe(true);
    expect(pauseApplies(DEFAULT_PAUSE_RULES, { ...facts, statut: 'EN_PAUSE' })).toBe(false);
    expect(pauseApplies(DEFAULT_PAUSE_RULES, { ...facts, statut: 'EN_PAUSE', pauseMotif: 'ATTENTE_CLIENT' })).toBe(
      true,
    );
    expect(pauseApplies(DEFAULT_PAUSE_RULES, { ...facts, statut: 'EN_COURS', clientSuppliesParts: true })).toBe(false);
  });
  it('a status alone always pauses', () => {
    expect(pauseApplies([{ statut: 'EN_PAUSE', condition: 'TOUJOURS' }], { ...facts, statut: 'EN_PAUSE' })).toBe(true);
  });
});
