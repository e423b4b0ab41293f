import type { Visibility } from '@gmao/domain/auth/visibility';
import { completionRate, metricsToday } from '@gmao/domain/dashboard/metrics';
import { roundHours } from '@gmao/domain/dashboard/performance-schemas';
import type { PartDowntime, ReportFilter, ReportSummary } from '@gmao/domain/reports/report-schemas';
import type { DbOrTx } from '../../db/database.ts';
import { reportOptions } from './options.repository.ts';
import { partsDowntime } from './parts-downtime.repository.ts';
import { filterNames, summaryAggregates, summaryByStatus } from './reports.repository.ts';

const named = (id: number | undefined, nom: string | null) => (id && nom !== null ? { id, nom } : null);

export async function getSummary(db: DbOrTx, f: ReportFilter, today = metricsToday()): Promise<ReportSummary> {
  const [a, byStatus, names] = await Promise.all([
    summaryAggregates(db, f, today),
    summaryByStatus(db, f),
    filterNames(db, f),
  ]);
  return {
    filter: {
      dateFrom: f.dateFrom,
      dateTo: f.dateTo,
      client: named(f.clientId, names.client),
      equipement: named(f.equipementId, names.equipement),
      technician: named(f.technicianId, names.technician),
    },
    counts: { total: a.total, completed: a.completed, open: a.open, urgent: a.urgent, overdue: a.overdue, byStatus },
    completionRate: completionRate(a.completed, a.total),
    durations: {
      meanTimeToStartHours: roundHours(a.mtts),
      mttrHours: roundHours(a.mttr),
      totalRepairHours: roundHours(a.repair_total) ?? 0,
    },
    costs: { total: a.cost_total, average: a.cost_avg, equipmentValue: a.equipment_value },
    equipmentCount: a.equipment_count,
    clientCount: a.client_count,
  };
}

/** Choices of the report form: clients, equipment (of one client when given), technicians. */
export function getOptions(db: DbOrTx, clientId?: number, v?: Visibility) {
  return reportOptions(db, clientId, v);
}

/** The parts that kept equipment down longest over the report's selection (hours rounded to 0.1). */
export async function getPartsDowntime(db: DbOrTx, f: ReportFilter): Promise<PartDowntime[]> {
  const rows = await partsDowntime(db, f);
  return rows.map((r) => ({
    partId: r.part_id,
    reference: r.reference,
    designation: r.designation,
    unite: r.unite,
    interventions: r.interventions,
    equipment: r.equipment,
    quantity: Number(r.quantity),
    waitingHours: roundHours(Number(r.waiting_s) / 3600) ?? 0,
  }));
}
