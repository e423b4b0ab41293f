import { describe, expect, it } from 'vitest';
import {
  customFieldFormSchema,
  customFieldFormValues,
  suggestCustomFieldKey,
} from '../src/custom-fields/custom-field-form.ts';
import { CUSTOM_FIELD_MESSAGES as M } from '../src/custom-fields/custom-field-schemas.ts';

const values = (over: Partial<ReturnType<typeof customFieldFormValues>> = {}) => ({
  ...customFieldFormValues(null),
  cle: 'puissance',
  libelle: 'Puissance',
  ...over,
});
const messages = (input: unknown) => {
  const r = customFieldFormSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the custom field form', () => {
  it('gives the API body: unit for a number only, options for a list only, no type = global, position as a number', () => {
    expect(
      customFieldFormSchema.parse(
        values({ type: 'NOMBRE', unite: ' kVA ', options: [{ value: 'x' }], type_equipement: 'TRANSFORMATEUR' }),
      ),
    ).toEqual({
      cle: 'puissance',
      libelle: 'Puissance',
      type: 'NOMBRE',
      unite: 'kVA',
      options: [],
      obligatoire: false,
      type_equipement: 'TRANSFORMATEUR',
      position: 0,
      actif: true,
    });
    const list = customFieldFormSchema.parse(
      values({ type: 'LISTE', unite: 'kVA', options: [{ value: 'ONAN' }, { value: 'ONAF' }], position: '3' }),
    );
    expect(list).toMatchObject({ unite: null, options: ['ONAN', 'ONAF'], type_equipement: null, position: 3 });
  });

  it('answers with the domain messages', () => {
    expect(messages(values({ cle: 'Puissance', libelle: ' ' }))).toEqual([
      `cle: ${M.cleInvalid}`,
      `libelle: ${M.libelleRequired}`,
    ]);
    expect(messages(values({ type: 'LISTE', options: [{ value: 'ONAN' }] }))).toEqual([
      `options: ${M.optionsRequired}`,
    ]);
    expect(messages(values({ type: 'LISTE', options: [{ value: 'ONAN' }, { value: ' ' }] }))).toEqual([
      `options.1.value: ${M.optionRequired}`,
    ]);
    expect(messages(values({ type: 'TEXTE', options: [{ value: ' ' }], unite: 'x'.repeat(30) }))).toEqual([]);
    expect(messages(values({ type: 'NOMBRE', unite: 'x'.repeat(21) }))).toEqual([`unite: ${M.uniteMax}`]);
    expect(messages(values({ position: '1001' }))).toEqual([`position: ${M.positionInvalid}`]);
    expect(messages(values({ position: '-1' }))).toEqual([`position: ${M.positionInvalid}`]);
  });

  it('round-trips a stored definition', () => {
    const stored = {
      id: 4,
      cle: 'refroidissement',
      libelle: 'Refroidissement',
      type: 'LISTE' as const,
      unite: null,
      options: ['ONAN', 'ONAF'],
      obligatoire: true,
      type_equipement: 'TRANSFORMATEUR',
      position: 2,
      actif: false,
    };
    const { id: _id, ...body } = stored;
    expect(customFieldFormSchema.parse(customFieldFormValues(stored))).toEqual(body);
  });

  it('suggests a key from the label', () => {
    expect(suggestCustomFieldKey('Puissance apparente (kVA)')).toBe('puissance_apparente_kva');
    expect(suggestCustomFieldKey("Date d'essai")).toBe('date_d_essai');
    expect(suggestCustomFieldKey('1er contrôle')).toBe('er_controle');
  });
});
