import { z } from 'zod';
import { EQUIPMENT_TYPES } from '../equipment/equipment-types.ts';
import { CUSTOM_FIELD_MESSAGES as M } from './custom-field-messages.ts';
import { CUSTOM_FIELD_TYPES, type CustomField, customFieldInputSchema } from './custom-field-schemas.ts';

/**
 * The administrators' definition form: strings as typed (position '', unit and type '' = none), options as objects for
 * react-hook-form's field arrays. Options are kept only for a list and the unit only for a number (switching the type
 * in the form leaves them typed but unsent); the output is the POST / PUT body, checked again by
 * `customFieldInputSchema` (the server's schema).
 */
export const customFieldFormSchema = z
  .object({
    cle: z.string(),
    libelle: z.string(),
    type: z.enum(CUSTOM_FIELD_TYPES, { error: M.typeInvalid }),
    unite: z.string(),
    options: z.array(z.object({ value: z.string() })),
    obligatoire: z.boolean(),
    type_equipement: z.union([z.enum(EQUIPMENT_TYPES), z.literal('')]),
    position: z
      .string()
      .trim()
      .regex(/^\d{0,4}$/, M.positionInvalid)
      .refine((v) => Number(v) <= 1000, M.positionInvalid),
    actif: z.boolean(),
  })
  // Only what the chosen type sends is checked: options typed before switching away from a list do not block.
  .superRefine((v, ctx) => {
    if (v.type === 'NOMBRE' && v.unite.trim().length > 20) {
      ctx.addIssue({ code: 'custom', path: ['unite'], message: M.uniteMax });
    }
    if (v.type !== 'LISTE') return;
    v.options.forEach((o, i) => {
      const text = o.value.trim();
      if (text === '' || text.length > 100) {
        ctx.addIssue({ code: 'custom', path: ['options', i, 'value'], message: text ? M.optionMax : M.optionRequired });
      }
    });
  })
  .transform(
    (v): z.input<typeof customFieldInputSchema> => ({
      cle: v.cle,
      libelle: v.libelle,
      type: v.type,
      unite: v.type === 'NOMBRE' ? v.unite.trim() : null,
      options: v.type === 'LISTE' ? v.options.map((o) => o.value.trim()) : [],
      obligatoire: v.obligatoire,
      type_equipement: v.type_equipement || null,
      position: v.position === '' ? 0 : Number(v.position),
      actif: v.actif,
    }),
  )
  .pipe(customFieldInputSchema);
export type CustomFieldFormValues = z.input<typeof customFieldFormSchema>;

/** The form's values for a new definition or an existing one. */
export function customFieldFormValues(field: CustomField | null): CustomFieldFormValues {
  return {
    cle: field?.cle ?? '',
    libelle: field?.libelle ?? '',
    type: field?.type ?? 'TEXTE',
    unite: field?.unite ?? '',
    options: (field?.options ?? []).map((value) => ({ value })),
    obligatoire: field?.obligatoire ?? false,
    type_equipement: (field?.type_equipement ?? '') as CustomFieldFormValues['type_equipement'],
    position: String(field?.position ?? 0),
    actif: field?.actif ?? true,
  };
}

/**
 * The key suggested for a label while creating ('Puissance apparente' → 'puissance_apparente'): accents dropped,
 * lower case, other characters as '_', starting with a letter, at most 40 characters.
 */
export function suggestCustomFieldKey(libelle: string): string {
  return libelle
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+/, '')
    .slice(0, 40)
    .replace(/_+$/, '');
}
