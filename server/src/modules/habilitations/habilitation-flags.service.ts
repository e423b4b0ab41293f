import type { Holder, Missing } from '@gmao/domain/habilitations/coverage';
import { requirementFor } from '@gmao/domain/habilitations/requirements';
import { OPEN_STATUTS, type Statut } from '@gmao/domain/interventions/status';
import type { DbOrTx } from '../../db/database.ts';
import { implicationsEnabled, missingForJob } from './habilitation-check.service.ts';
import { holdersOf, jobFacts } from './habilitations.repository.ts';

/**
 * « Habilitation expirée » (issue 34): an open intervention whose assigned technician's required habilitation (or
 * medical fitness) expires before its planned day. Computed for the rows a response shows only (the list's page, the
 * detail): one query for their jobs, two for their technicians' titles — never over the table.
 */

const NEVER = '9999-12-31';
const keyOf = (m: Missing) => `${m.travail} ${m.symboles.join('|')}`;

/** The holder as if nothing he holds ever expired: what he still lacks then is not an expiry. */
function unexpiring(holder: Holder): Holder {
  return {
    ...holder,
    titles: holder.titles.map((t) => ({ ...t, valide_jusqu_au: NEVER })),
    aptitude_medicale_jusqu_au: holder.aptitude_medicale_jusqu_au ? NEVER : null,
  };
}

export interface FlaggableRow {
  id: number;
  technicianId: number | null;
  statut: Statut;
}

/** For each flagged row of `rows`: what expired, one French sentence each (« Habilitation H2V requise — … »). */
export async function expiredAssignments(db: DbOrTx, rows: readonly FlaggableRow[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  const technicianOf = new Map<number, number>();
  for (const r of rows) {
    if (r.technicianId !== null && OPEN_STATUTS.includes(r.statut)) technicianOf.set(r.id, r.technicianId);
  }
  if (technicianOf.size === 0) return out;
  const jobs = (await jobFacts(db, [...technicianOf.keys()])).filter(
    (j) => requirementFor(j.exigences ?? [], j.type_travail).length > 0,
  );
  if (jobs.length === 0) return out;
  const holders = await holdersOf(db, [...new Set(jobs.map((j) => technicianOf.get(j.id)!))]);
  const implications = await implicationsEnabled(db);
  for (const job of jobs) {
    const technicianId = technicianOf.get(job.id)!;
    const holder = holders.get(technicianId);
    // a derogation recorded for him: the assignment was forced knowingly, shown as such on the intervention
    if (!holder || job.derogation_technician_id === technicianId) continue;
    const missing = missingForJob(holder, job, implications);
    if (missing.length === 0) continue;
    const notExpiries = new Set(missingForJob(unexpiring(holder), job, implications).map(keyOf));
    const expired = missing.filter((m) => !notExpiries.has(keyOf(m)));
    if (expired.length > 0)
      out.set(
        job.id,
        expired.map((m) => m.message),
      );
  }
  return out;
}

/** The rows with their flag (new objects: a list page may be a kept one, list-cache.ts). */
export async function withExpiryFlags<T extends FlaggableRow>(db: DbOrTx, rows: readonly T[]) {
  const flags = await expiredAssignments(db, rows);
  return rows.map((r) => ({ ...r, habilitation_expiree: flags.get(r.id) ?? null }));
}
