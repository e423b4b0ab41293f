import { describe, expect, it } from 'vitest';
import { INTERVENTION_MESSAGES } from '../src/interventions/intervention-schemas.ts';
import { plannedLineTotal, plannedTotal, templateTypeLabel } from '../src/templates/template-display.ts';
import {
  TEMPLATE_MESSAGES,
  type TemplateFormValues,
  templateFormSchema,
  templateInputSchema,
  templateUseFormSchema,
} from '../src/templates/template-schemas.ts';

const values = (overrides: Partial<TemplateFormValues> = {}): TemplateFormValues => ({
  nom: '  Contrôle cellule HTA ',
  type_equipement: 'CELLULE_HTA',
  description: '',
  urgence: false,
  duree_estimee: '90',
  checklist: [{ label: 'Consignation' }, { label: 'Essais de manœuvre' }],
  materiaux: [{ designation: 'Graisse contacts', reference: '', quantite: '0,5', prixUnitaire: '80' }],
  actif: true,
  ...overrides,
});

const messages = (input: TemplateFormValues) => {
  const result = templateFormSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('the template form schema', () => {
  it('turns what the form holds into the body the server accepts', () => {
    const body = templateFormSchema.parse(values());
    expect(body).toEqual({
      nom: 'Contrôle cellule HTA',
      type_equipement: 'CELLULE_HTA',
      description: null,
      urgence: false,
      duree_estimee: 90,
      checklist: ['Consignation', 'Essais de manœuvre'],
      materiaux: [{ designation: 'Graisse contacts', reference: null, quantite: '0.5', prixUnitaire: '80' }],
      actif: true,
    });
    expect(templateInputSchema.parse(body)).toEqual(body);
    expect(templateFormSchema.parse(values({ type_equipement: '', duree_estimee: ' ' }))).toMatchObject({
      type_equipement: null,
      duree_estimee: null,
    });
  });

  it('reports each invalid field with the domain message, on the field the form shows', () => {
    expect(
      messages(
        values({
          nom: ' ',
          duree_estimee: '1,5',
          checklist: [{ label: 'ok' }, { label: '' }],
          materiaux: [{ designation: '', reference: '', quantite: '0', prixUnitaire: '12,345' }],
        }),
      ),
    ).toEqual([
      ['nom', TEMPLATE_MESSAGES.nomRequired],
      ['duree_estimee', TEMPLATE_MESSAGES.dureeInvalid],
      ['checklist.1.label', TEMPLATE_MESSAGES.stepRequired],
      ['materiaux.0.designation', TEMPLATE_MESSAGES.designationRequired],
      ['materiaux.0.quantite', TEMPLATE_MESSAGES.quantiteInvalid],
      ['materiaux.0.prixUnitaire', TEMPLATE_MESSAGES.prixInvalid],
    ]);
    expect(messages(values({ duree_estimee: '10001' }))).toEqual([['duree_estimee', TEMPLATE_MESSAGES.dureeInvalid]]);
  });
});

describe('template display', () => {
  it('names the equipment type with spaces, or every type', () => {
    expect(templateTypeLabel('GROUPE_ELECTROGENE')).toBe('Groupe électrogène');
    expect(templateTypeLabel(null)).toBe(TEMPLATE_MESSAGES.allTypes);
  });

  it('computes planned totals exactly, each line rounded to the centime as PostgreSQL does', () => {
    expect(plannedLineTotal({ quantite: '0.5', prixUnitaire: '80' })).toBe('40.00');
    expect(plannedLineTotal({ quantite: '0.333', prixUnitaire: '0.05' })).toBe('0.02'); // 0.01665 → 0.02
    expect(plannedLineTotal({ quantite: '3', prixUnitaire: '0.1' })).toBe('0.30'); // 0.1 × 3 without float drift
    expect(
      plannedTotal([
        { quantite: '20', prixUnitaire: '45.00' },
        { quantite: '1', prixUnitaire: '180.00' },
        { quantite: '0.001', prixUnitaire: '4.99' }, // 0.00499 → 0.00
      ]),
    ).toBe('1080.00');
    expect(plannedTotal([])).toBe('0.00');
    expect(plannedTotal([{ quantite: '999999999.999', prixUnitaire: '999999999999.99' }])).toBe(
      '999999999998990000000.00', // beyond Number's 2^53: still exact
    );
  });
});

describe("the 'Utiliser' form schema", () => {
  it('sends the chosen equipment id as a number, an emptied description as null', () => {
    expect(
      templateUseFormSchema.parse({ equipement_id: '42', date: '2030-06-15', description: ' ', urgence: true }),
    ).toEqual({ equipement_id: 42, date: '2030-06-15', description: null, urgence: true });
  });

  it('asks for the equipment and a date with the intervention form messages', () => {
    const result = templateUseFormSchema.safeParse({ equipement_id: '', date: '', description: '', urgence: false });
    expect(result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['equipement_id', INTERVENTION_MESSAGES.equipementRequired],
      ['date', INTERVENTION_MESSAGES.dateRequired],
    ]);
  });
});
