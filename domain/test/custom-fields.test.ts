import { describe, expect, it } from 'vitest';
import {
  applicableFields,
  type CustomField,
  checkCustomValues,
  customFieldInputSchema,
  formatCustomValue,
  CUSTOM_FIELD_MESSAGES as M,
} from '../src/custom-fields/custom-field-schemas.ts';

const field = (over: Partial<CustomField>): CustomField => ({
  id: 1,
  cle: 'k',
  libelle: 'Champ',
  type: 'TEXTE',
  unite: null,
  options: [],
  obligatoire: false,
  type_equipement: null,
  position: 0,
  actif: true,
  ...over,
});

const fields = [
  field({
    id: 1,
    cle: 'puissance',
    libelle: 'Puissance',
    type: 'NOMBRE',
    unite: 'kVA',
    obligatoire: true,
    position: 2,
  }),
  field({ id: 2, cle: 'date_essai', libelle: "Date d'essai", type: 'DATE', position: 1 }),
  field({ id: 3, cle: 'sous_garantie', libelle: 'Sous garantie', type: 'OUI_NON' }),
  field({ id: 4, cle: 'refroidissement', libelle: 'Refroidissement', type: 'LISTE', options: ['ONAN', 'ONAF'] }),
  field({ id: 5, cle: 'remarque', libelle: 'Remarque' }),
];

describe('checkCustomValues', () => {
  it('cleans valid values: numbers from French decimals, blanks dropped', () => {
    const res = checkCustomValues(fields, {
      puissance: '630,5',
      date_essai: '2026-03-01',
      sous_garantie: false,
      refroidissement: 'ONAF',
      remarque: '  ras  ',
    });
    expect(res).toEqual({
      ok: true,
      values: {
        puissance: 630.5,
        date_essai: '2026-03-01',
        sous_garantie: false,
        refroidissement: 'ONAF',
        remarque: 'ras',
      },
    });
    expect(checkCustomValues(fields, { puissance: 400, remarque: '' })).toEqual({
      ok: true,
      values: { puissance: 400 },
    });
  });

  it('names every wrong, missing or unknown field', () => {
    const res = checkCustomValues(fields, {
      date_essai: '2026-02-30x',
      sous_garantie: 'oui',
      refroidissement: 'KNAN',
      inconnu: 1,
    });
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.errors).toEqual([
      { field: 'inconnu', msg: M.unknownField('inconnu') },
      { field: 'puissance', msg: M.required('Puissance') },
      { field: 'date_essai', msg: M.notDate("Date d'essai") },
      { field: 'sous_garantie', msg: M.notBoolean('Sous garantie') },
      { field: 'refroidissement', msg: M.notChoice('Refroidissement', ['ONAN', 'ONAF']) },
    ]);
    const nan = checkCustomValues(fields, { puissance: 'beaucoup' });
    expect(nan.ok === false && nan.errors[0]).toEqual({ field: 'puissance', msg: M.notNumber('Puissance') });
  });
});

describe('definitions', () => {
  it("applicable fields: global ones and the type's, active, in position order", () => {
    const all = [
      field({ id: 1, cle: 'a', position: 2 }),
      field({ id: 2, cle: 'b', type_equipement: 'TRANSFORMATEUR', position: 1 }),
      field({ id: 3, cle: 'c', type_equipement: 'ONDULEUR' }),
      field({ id: 4, cle: 'd', actif: false }),
    ];
    expect(applicableFields(all, 'TRANSFORMATEUR').map((f) => f.cle)).toEqual(['b', 'a']);
    expect(applicableFields(all, null).map((f) => f.cle)).toEqual(['a']);
  });

  it('a choice list needs two options; only lists have options and only numbers a unit', () => {
    const base = { cle: 'etat', libelle: 'État', type: 'LISTE' as const };
    expect(customFieldInputSchema.safeParse({ ...base, options: ['Bon'] }).error?.issues[0]?.message).toBe(
      M.optionsRequired,
    );
    expect(
      customFieldInputSchema.safeParse({ ...base, type: 'TEXTE', options: ['a', 'b'] }).error?.issues[0]?.message,
    ).toBe(M.optionsForListOnly);
    expect(customFieldInputSchema.safeParse({ ...base, type: 'DATE', unite: 'kVA' }).error?.issues[0]?.message).toBe(
      M.uniteForNumberOnly,
    );
    expect(customFieldInputSchema.safeParse({ ...base, cle: 'Etat Général' }).error?.issues[0]?.message).toBe(
      M.cleInvalid,
    );
    expect(customFieldInputSchema.safeParse({ ...base, options: ['Bon', 'Moyen'] }).success).toBe(true);
  });

  it('formats values fr-FR with their unit', () => {
    expect(formatCustomValue({ type: 'NOMBRE', unite: 'kVA' }, 1250.5)).toBe('1\u202f250,5 kVA');
    expect(formatCustomValue({ type: 'OUI_NON', unite: null }, true)).toBe('Oui');
    expect(formatCustomValue({ type: 'DATE', unite: null }, '2026-03-01')).toBe('01/03/2026');
    expect(formatCustomValue({ type: 'TEXTE', unite: null }, null)).toBe('');
  });
});
