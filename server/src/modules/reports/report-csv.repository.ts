import type { Readable } from 'node:stream';
import { REPORT_CSV_COLUMNS, type ReportFilter } from '@gmao/domain/reports/report-schemas';
import { type SQL, sql } from 'drizzle-orm';
import {
  csvCell as cell,
  csvCopyStream,
  csvDate,
  csvEquipmentType,
  csvDateTime as frDateTime,
  csvDecimal as frDecimal,
  serverTimeZone,
  csvStatutLabel as statutLabel,
} from '../../db/csv-copy.ts';
import type { DbOrTx } from '../../db/database.ts';
import { waitSecondsOf } from '../../db/rollups-sql.ts';
import { reportWhere } from './reports.repository.ts';

/**
 * The period CSV, written by PostgreSQL through the exports' one CSV path (db/csv-copy.ts: COPY, values formatted in
 * SQL, issue 16 and 29), as the interventions list's. The start, finish, repair and wait times come from the intervention's facts row
 * (migrations 0022, 0026, 0033: kept by triggers in the writing transaction), not from an aggregate of the status
 * history: at five years of history that aggregate was most of the export's time.
 */

export function reportCsvQuery(f: ReportFilter, timeZone: string): SQL {
  return sql`
    SELECT i.id, ${csvDate(sql`i.date`)}, ${cell(sql`c.nom_entreprise`)}, ${cell(sql`e.nom`)},
           ${cell(csvEquipmentType(sql`e.type_equipement`))},
           ${cell(statutLabel)}, CASE WHEN i.urgence THEN 'Oui' ELSE 'Non' END,
           ${cell(sql`u.nom`)}, ${cell(sql`i.description`)},
           ${frDateTime(sql`fx.started_at`, timeZone)}, ${frDateTime(sql`fx.finished_at`, timeZone)},
           ${frDecimal(sql`fx.repair_s / 3600`, 1)},
           ${frDecimal(sql`NULLIF(${waitSecondsOf('fx')}, 0) / 3600`, 1)},
           ${frDecimal(sql`e.cout`, 2)}
    FROM interventions i
    JOIN equipements e ON e.id = i.equipement_id
    JOIN clients c ON c.id = i.client_id
    LEFT JOIN users u ON u.id = i.technician_id
    LEFT JOIN intervention_facts fx ON fx.intervention_id = i.id
    WHERE ${reportWhere(f)}
    ORDER BY i.date, i.id`;
}

/** The report as a CSV byte stream, written by PostgreSQL (COPY; db/csv-copy.ts). */
export function reportCsvStream(db: DbOrTx, f: ReportFilter): Readable {
  return csvCopyStream(
    db,
    REPORT_CSV_COLUMNS.map(([, h]) => h),
    reportCsvQuery(f, serverTimeZone()),
  );
}
