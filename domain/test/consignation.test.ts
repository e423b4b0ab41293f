import { describe, expect, it } from 'vitest';
import { consignationInputSchema, CONSIGNATION_MESSAGES as M } from '../src/habilitations/consignation.ts';
import { syncChangeSchema } from '../src/interventions/sync-schemas.ts';

/** Issue 34: the consignation body — a signature image signs for its chargé; the offline sync's change kind. */
const step = (etape: string, minute: number, extra: object = {}) => ({
  etape,
  par_id: 7,
  fait_le: `2026-12-01T08:${String(minute).padStart(2, '0')}:00Z`,
  ...extra,
});
const five = [
  step('SEPARATION', 1),
  step('CONDAMNATION', 2, { cadenas: 'C-1' }),
  step('IDENTIFICATION', 3),
  step('VAT', 4, { detecteur_teste_avant: true, detecteur_teste_apres: true }),
  step('MALT', 5),
];
const png = 'data:image/png;base64,iVBORw0KGgo=';
const base = { charge_consignation_id: 7, charge_travaux_id: 7 };
const messages = (body: object) => {
  const r = consignationInputSchema.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('the consignation body', () => {
  it('a signature image counts as signing: refused before the five steps', () => {
    expect(messages({ ...base, etapes: five.slice(0, 3), signature_charge_travaux: png })).toEqual([M.notComplete]);
    expect(
      messages({ ...base, etapes: five, signature_charge_consignation: png, signature_charge_travaux: png }),
    ).toEqual([]);
  });

  it('a signature is a PNG data URL', () => {
    expect(messages({ ...base, etapes: five, signature_charge_travaux: 'data:image/jpeg;base64,AAAA' })).toEqual([
      M.signatureInvalid,
    ]);
  });

  it('the déconsignation after images signed both (no flag needed)', () => {
    const back = [...five].reverse().map((s, k) => ({ ...s, fait_le: `2026-12-01T17:0${k}:00Z` }));
    const signed = { ...base, etapes: five, signature_charge_consignation: png, signature_charge_travaux: png };
    expect(messages({ ...signed, deconsignation: back })).toEqual([]);
    expect(messages({ ...base, etapes: five, deconsignation: back })).toEqual([M.deconsignationBeforeConsignation]);
  });

  it('is a change kind of the offline sync, with the same rules', () => {
    const change = (payload: object) => ({ clientId: 'c1', type: 'consignation', at: '2026-12-01T08:00:00Z', payload });
    expect(syncChangeSchema.safeParse(change({ ...base, etapes: five })).success).toBe(true);
    const bad = syncChangeSchema.safeParse(change({ ...base, etapes: [five[0], five[2]] }));
    expect(bad.success).toBe(false);
  });
});
