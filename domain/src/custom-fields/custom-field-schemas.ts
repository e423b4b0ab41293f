import { z } from 'zod';
import { idSchema } from '../common/api.ts';
import { MAX_MONEY } from '../common/numbers.ts';
import { EQUIPMENT_TYPES } from '../equipment/equipment-types.ts';
import { CUSTOM_FIELD_MESSAGES } from './custom-field-messages.ts';

export { CUSTOM_FIELD_MESSAGES };

/**
 * Custom fields of interventions (spec §7 PUT /interventions/{id}/custom-fields): definitions managed by
 * administrators — global or for one equipment type — and values stored per intervention in one JSONB object keyed by
 * the definition's key, checked against the definitions by `checkCustomValues` on the server (the form runs the same
 * function).
 */
export const CUSTOM_FIELD_TYPES = ['TEXTE', 'NOMBRE', 'DATE', 'OUI_NON', 'LISTE'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export const CUSTOM_FIELD_TYPE_LABELS = {
  TEXTE: 'Texte',
  NOMBRE: 'Nombre',
  DATE: 'Date',
  OUI_NON: 'Oui / non',
  LISTE: 'Liste de choix',
} as const satisfies Record<CustomFieldType, string>;

const M = CUSTOM_FIELD_MESSAGES;

export const customFieldInputSchema = z
  .object({
    cle: z
      .string()
      .trim()
      .regex(/^[a-z][a-z0-9_]{1,39}$/, M.cleInvalid),
    libelle: z.string({ error: M.libelleRequired }).trim().min(1, M.libelleRequired).max(100, M.libelleMax),
    type: z.enum(CUSTOM_FIELD_TYPES, { error: M.typeInvalid }),
    unite: z
      .string()
      .trim()
      .max(20)
      .nullish()
      .transform((v) => v || null),
    options: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
    obligatoire: z.boolean().default(false),
    type_equipement: z
      .enum(EQUIPMENT_TYPES)
      .nullish()
      .transform((v) => v ?? null),
    position: z.number().int().min(0).max(1000).default(0),
    actif: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'LISTE' && new Set(v.options).size < 2)
      ctx.addIssue({ code: 'custom', path: ['options'], message: M.optionsRequired });
    if (v.type !== 'LISTE' && v.options.length > 0)
      ctx.addIssue({ code: 'custom', path: ['options'], message: M.optionsForListOnly });
    if (v.type !== 'NOMBRE' && v.unite)
      ctx.addIssue({ code: 'custom', path: ['unite'], message: M.uniteForNumberOnly });
  });
export type CustomFieldInput = z.output<typeof customFieldInputSchema>;

export const customFieldSchema = z.object({
  id: z.number().int(),
  cle: z.string(),
  libelle: z.string(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  unite: z.string().nullable(),
  options: z.array(z.string()),
  obligatoire: z.boolean(),
  type_equipement: z.string().nullable(),
  position: z.number().int(),
  actif: z.boolean(),
});
export type CustomField = z.infer<typeof customFieldSchema>;

export const customFieldParamsSchema = z.object({ id: idSchema });
export const customFieldListQuerySchema = z.object({
  /** The fields that apply to this equipment type (its own and the global ones), active only. */
  type_equipement: z.enum(EQUIPMENT_TYPES).optional(),
  actif: z.enum(['true', 'all']).default('true'),
});

export type CustomValue = string | number | boolean | null;
export type CustomValues = Record<string, CustomValue>;

/** PUT /interventions/{id}/custom-fields: `{ values: { cle: valeur } }`; null or '' clears a value. */
export const customValuesInputSchema = z.object({
  values: z.record(
    z.string().max(40),
    z.union([z.string().max(500), z.number().min(-MAX_MONEY).max(MAX_MONEY), z.boolean(), z.null()]),
  ),
});

/** The fields that apply to an intervention on equipment of this type: global ones and that type's, active. */
export function applicableFields(fields: readonly CustomField[], typeEquipement: string | null | undefined) {
  return fields
    .filter((f) => f.actif && (f.type_equipement === null || f.type_equipement === typeEquipement))
    .sort((a, b) => a.position - b.position || a.id - b.id);
}

const isBlank = (v: CustomValue | undefined) => v === null || v === undefined || v === '';

/**
 * Checks values against the applicable definitions; returns the cleaned object to store (numbers as numbers, dates as
 * 'YYYY-MM-DD', blanks dropped) or the errors, each naming its key.
 */
export function checkCustomValues(
  fields: readonly CustomField[],
  values: Readonly<Record<string, CustomValue>>,
): { ok: true; values: CustomValues } | { ok: false; errors: { field: string; msg: string }[] } {
  const errors: { field: string; msg: string }[] = [];
  const clean: CustomValues = {};
  const byKey = new Map(fields.map((f) => [f.cle, f]));
  for (const key of Object.keys(values)) {
    if (!byKey.has(key)) errors.push({ field: key, msg: M.unknownField(key) });
  }
  for (const f of fields) {
    const v = values[f.cle];
    if (isBlank(v)) {
      if (f.obligatoire) errors.push({ field: f.cle, msg: M.required(f.libelle) });
      continue;
    }
    const value = v as string | number | boolean;
    switch (f.type) {
      case 'TEXTE':
        if (typeof value !== 'string' || value.length > 500) errors.push({ field: f.cle, msg: M.notText(f.libelle) });
        else clean[f.cle] = value.trim();
        break;
      case 'NOMBRE': {
        const n = typeof value === 'number' ? value : Number(String(value).replace(',', '.').trim());
        if (typeof value === 'boolean' || !Number.isFinite(n))
          errors.push({ field: f.cle, msg: M.notNumber(f.libelle) });
        else clean[f.cle] = n;
        break;
      }
      case 'DATE':
        if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) {
          errors.push({ field: f.cle, msg: M.notDate(f.libelle) });
        } else clean[f.cle] = value;
        break;
      case 'OUI_NON':
        if (typeof value !== 'boolean') errors.push({ field: f.cle, msg: M.notBoolean(f.libelle) });
        else clean[f.cle] = value;
        break;
      case 'LISTE':
        if (typeof value !== 'string' || !f.options.includes(value)) {
          errors.push({ field: f.cle, msg: M.notChoice(f.libelle, f.options) });
        } else clean[f.cle] = value;
        break;
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, values: clean };
}

/** A value as shown in the detail, the CSV and the PDF (fr-FR). */
export function formatCustomValue(field: Pick<CustomField, 'type' | 'unite'>, value: CustomValue | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (field.type === 'OUI_NON') return value ? 'Oui' : 'Non';
  if (field.type === 'NOMBRE') {
    const n = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 3 }).format(Number(value));
    return field.unite ? `${n} ${field.unite}` : n;
  }
  if (field.type === 'DATE') {
    const s = String(value);
    return `${s.slice(8, 10)}/${s.slice(5, 7)}/${s.slice(0, 4)}`;
  }
  return String(value);
}
