import type { Visibility } from '@gmao/domain/auth/visibility';
import type { CustomField } from '@gmao/domain/custom-fields/custom-field-schemas';
import { INTERVENTION_CSV_COLUMNS, type InterventionExportQuery } from '@gmao/domain/interventions/export-schemas';
import { type SQL, sql } from 'drizzle-orm';
import {
  csvCell,
  csvCopyStream,
  csvDate,
  csvDateTime,
  csvEquipmentType,
  csvFrNumber,
  csvStatutLabel,
  serverTimeZone,
} from '../../../db/csv-copy.ts';
import type { DbOrTx } from '../../../db/database.ts';
import { whereOf } from '../list.repository.ts';

/**
 * formatCustomValue (domain/custom-fields) in SQL, for the value of `i.custom_fields` at the field's key: nothing for
 * no value (absent, null, ''); OUI_NON 'Oui'/'Non' (JavaScript's truthiness: false and 0 are 'Non'); NOMBRE fr-FR with
 * at most 3 decimals, then the unit; DATE 'YYYY-MM-DD' → 'DD/MM/YYYY'; otherwise the text.
 */
function customValue(d: Pick<CustomField, 'cle' | 'type' | 'unite'>): SQL {
  const v = sql`(i.custom_fields -> ${d.cle})`;
  const text = sql`(${v} #>> '{}')`;
  let formatted: SQL;
  if (d.type === 'OUI_NON')
    formatted = sql`CASE jsonb_typeof(${v}) WHEN 'boolean' THEN CASE WHEN ${v} = 'true'::jsonb THEN 'Oui' ELSE 'Non' END
      WHEN 'number' THEN CASE WHEN ${text}::numeric = 0 THEN 'Non' ELSE 'Oui' END ELSE 'Oui' END`;
  else if (d.type === 'NOMBRE') {
    const n = csvFrNumber(
      sql`CASE jsonb_typeof(${v}) WHEN 'boolean' THEN (CASE WHEN ${v} = 'true'::jsonb THEN '1' ELSE '0' END) ELSE ${text} END`,
    );
    formatted = d.unite ? sql`${n} || ' ' || ${d.unite}` : n;
  } else if (d.type === 'DATE')
    formatted = sql`substr(${text}, 9, 2) || '/' || substr(${text}, 6, 2) || '/' || substr(${text}, 1, 4)`;
  else formatted = text;
  return csvCell(sql`CASE WHEN ${v} IS NULL OR ${v} IN ('null'::jsonb, '""'::jsonb) THEN NULL ELSE ${formatted} END`);
}

/** The CSV's header: the fixed columns, then one per active custom field ("Puissance (kVA)"). */
export const exportHeaders = (fields: readonly Pick<CustomField, 'libelle' | 'unite'>[]) => [
  ...INTERVENTION_CSV_COLUMNS.map(([, h]) => h),
  ...fields.map((d) => (d.unite ? `${d.libelle} (${d.unite})` : d.libelle)),
];

/** The filtered list in list order (date DESC, id DESC), one row per CSV line, every value formatted (csv-copy.ts). */
export function interventionsCsvQuery(
  f: InterventionExportQuery & { visibility?: Visibility },
  fields: readonly Pick<CustomField, 'cle' | 'type' | 'unite'>[],
  timeZone = serverTimeZone(),
): SQL {
  const custom = fields.map((d) => sql`, ${customValue(d)}`);
  return sql`
    SELECT i.id, ${csvDate(sql`i.date`)}, ${csvCell(sql`c.nom_entreprise`)}, ${csvCell(sql`c.ville`)},
           ${csvCell(sql`e.nom`)}, ${csvCell(csvEquipmentType(sql`e.type_equipement`))}, ${csvCell(csvStatutLabel)},
           CASE WHEN i.urgence THEN 'Oui' ELSE 'Non' END, ${csvCell(sql`t.nom`)}, ${csvCell(sql`i.description`)},
           ${csvDateTime(sql`i.started_at`, timeZone)}, ${csvDateTime(sql`i.completed_at`, timeZone)},
           ${csvCell(sql`u.nom`)}${sql.join(custom, sql``)}
    FROM interventions i
    JOIN equipements e ON e.id = i.equipement_id
    JOIN clients c ON c.id = i.client_id
    LEFT JOIN users u ON u.id = i.creer_par
    LEFT JOIN users t ON t.id = i.technician_id
    WHERE ${whereOf(f)}
    ORDER BY i.date DESC, i.id DESC`;
}

/** The filtered list as a CSV byte stream, written by PostgreSQL (COPY; db/csv-copy.ts). */
export function interventionsCsvStream(
  db: DbOrTx,
  f: InterventionExportQuery & { visibility?: Visibility },
  fields: readonly CustomField[],
) {
  return csvCopyStream(db, exportHeaders(fields), interventionsCsvQuery(f, fields));
}
