import { isEquipmentType } from '@gmao/domain/equipment/equipment-types';
import { DEFAULT_REQUIREMENTS, WORK_KINDS, type WorkKind } from '@gmao/domain/habilitations/requirements';
import { addDays } from '@gmao/domain/plans/recurrence';
import { sql } from 'drizzle-orm';
import { implicationsEnabled, missingForJob } from '../modules/habilitations/habilitation-check.service.ts';
import { holdersOf, jobFacts } from '../modules/habilitations/habilitations.repository.ts';
import type { DbOrTx } from './database.ts';

type Title = [
  symbole: string,
  attribut: string | null,
  domaine: 'BT' | 'HTA',
  issuedDaysAgo: number,
  validDays: number,
];

/**
 * Issue 34: the demo technicians' titres d'habilitation (in the order of TECHNICIANS), signed by the manager; some
 * expire soon (the list's « Expire bientôt », the renewal report). 3 years is the recommended validity.
 */
const THREE_YEARS = 3 * 365;
const TITLES: Title[][] = [
  // Youssef Amrani: the HTA specialist
  [
    ['B2V', null, 'BT', 400, THREE_YEARS],
    ['BR', null, 'BT', 400, THREE_YEARS],
    ['BC', null, 'BT', 400, THREE_YEARS],
    ['H2V', null, 'HTA', 400, THREE_YEARS],
    ['HC', null, 'HTA', 400, THREE_YEARS],
    ['HE', 'Manœuvre', 'HTA', 400, THREE_YEARS],
  ],
  // Hamza El Idrissi: LV work; his B2V expires in three weeks
  [
    ['B2V', null, 'BT', THREE_YEARS - 21, THREE_YEARS],
    ['BR', null, 'BT', 300, THREE_YEARS],
    ['BE', 'Mesurage', 'BT', 300, THREE_YEARS],
  ],
  // Khadija Bennani: HTA exécutante and LV; her H1V expires in two months
  [
    ['B1V', null, 'BT', 200, THREE_YEARS],
    ['BR', null, 'BT', 200, THREE_YEARS],
    ['H1V', null, 'HTA', THREE_YEARS - 60, THREE_YEARS],
    ['HE', 'Manœuvre', 'HTA', 200, THREE_YEARS],
  ],
  // Rachid Ouazzani: mechanical section, BS only (and an older BR expired, kept in the history)
  [
    ['BS', null, 'BT', 500, THREE_YEARS],
    ['BR', null, 'BT', THREE_YEARS + 30, THREE_YEARS],
  ],
];
/** Days of medical fitness left (null: none recorded). */
const MEDICAL: (number | null)[] = [300, 45, 200, null];

export async function seedDemoHabilitations(
  tx: DbOrTx,
  o: { technicianIds: readonly number[]; creator: number | null; today: string },
) {
  // The equipment's voltage domain and requirements: its type's defaults.
  const { rows: equipment } = await tx.execute<{ id: number; type_equipement: string | null }>(
    sql`SELECT id, type_equipement FROM equipements`,
  );
  for (const e of equipment) {
    if (!isEquipmentType(e.type_equipement)) continue;
    const d = DEFAULT_REQUIREMENTS[e.type_equipement];
    await tx.execute(sql`UPDATE equipements SET domaine_tension = ${d.domaine},
      exigences = ${JSON.stringify(d.exigences)}::jsonb WHERE id = ${e.id}`);
  }
  for (const [i, userId] of o.technicianIds.entries()) {
    for (const [symbole, attribut, domaine, ago, days] of TITLES[i] ?? []) {
      const from = addDays(o.today, -ago);
      await tx.execute(sql`INSERT INTO habilitations (user_id, symbole, attribut, domaine, champ, restrictions,
          delivree_le, valide_jusqu_au, signataire, created_by)
        VALUES (${userId}, ${symbole}, ${attribut}, ${domaine}, 'Installations des clients sous contrat', '',
          ${from}::date, ${addDays(from, days - 1)}::date, 'Nadia El Fassi, responsable maintenance électrique', ${o.creator})`);
    }
    const medical = MEDICAL[i];
    if (medical != null) {
      await tx.execute(
        sql`UPDATE users SET aptitude_medicale_jusqu_au = ${addDays(o.today, medical)}::date WHERE id = ${userId}`,
      );
    }
  }
  await stateKindsOfWork(tx);
}

/**
 * Each intervention states a kind of work its assignee is qualified for on its day (the first of the equipment's
 * that he holds; non-electrical work otherwise), so that every demo assignment passes the check of the API.
 */
async function stateKindsOfWork(tx: DbOrTx) {
  const { rows } = await tx.execute<{ id: number; technician_id: number }>(
    sql`SELECT id, technician_id FROM interventions WHERE technician_id IS NOT NULL ORDER BY id`,
  );
  const holders = await holdersOf(tx, [...new Set(rows.map((r) => r.technician_id))]);
  const implications = await implicationsEnabled(tx);
  const jobs = new Map(
    (
      await jobFacts(
        tx,
        rows.map((r) => r.id),
      )
    ).map((j) => [j.id, j]),
  );
  const byKind = new Map<WorkKind, number[]>();
  for (const [n, r] of rows.entries()) {
    const job = jobs.get(r.id);
    const holder = holders.get(r.technician_id);
    if (!job || !holder) continue;
    // Vary the work: start the search at a different kind for each intervention.
    const kinds = WORK_KINDS.slice(0, -1).map((_, k, all) => all[(n + k) % all.length]!);
    const kind =
      kinds.find(
        (t) =>
          job.exigences.some((e) => e.travail === t) &&
          missingForJob(holder, { ...job, type_travail: t }, implications).length === 0,
      ) ?? 'NON_ELECTRIQUE';
    byKind.set(kind, [...(byKind.get(kind) ?? []), r.id]);
  }
  for (const [kind, ids] of byKind) {
    for (let k = 0; k < ids.length; k += 500) {
      const list = sql.join(
        ids.slice(k, k + 500).map((i) => sql`${i}`),
        sql`, `,
      );
      await tx.execute(sql`UPDATE interventions SET type_travail = ${kind} WHERE id IN (${list})`);
    }
  }
}
