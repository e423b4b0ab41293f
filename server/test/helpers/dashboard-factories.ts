import { metricsToday } from '@gmao/domain/dashboard/metrics';
import type { Db } from '../../src/db/database.ts';
import { interventionHistory } from '../../src/db/schema.ts';
import { createClient, createEquipment, createIntervention, createUser } from './factories.ts';

const HOUR = 3_600_000;

/** YYYY-MM-DD `n` days before today (negative = in the future), on the same UTC calendar as the server's figures. */
export function daysAgo(n: number, today = metricsToday()): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
}

/** A moment `h` hours before now. */
/** `h` hours before `from` (now by default): give one `from` to times whose differences a test asserts exactly. */
export const hoursAgo = (h: number, from = Date.now()) => new Date(from - h * HOUR);

export async function addHistory(db: Db, interventionId: number, steps: [string | null, string, Date][]) {
  await db
    .insert(interventionHistory)
    .values(steps.map(([fromStatut, toStatut, createdAt]) => ({ interventionId, fromStatut, toStatut, createdAt })));
}

/**
 * The hand-built dataset whose answers are known (see server/test/dashboard.test.ts for each expected figure):
 * 2 clients, 3 equipment (cout 1000 / 500 / 200), 11 interventions of which 2 are hidden (deleted, archived).
 *
 *  #   statut          urgent  date     equipment  technician  notes
 *  1   TERMINEE        no      −2       A1 (TR)    T1          started 26 h ago, finished 22 h ago (4 h), created 28 h ago
 *  2   TERMINEE        no      −10      A2 (OND)   T1          start → pause → resume → done: 10 h; created 6 h before start
 *  3   EN_COURS        yes     −1       B1 (TR)    T2          started_at column only, created 1 h before
 *  4   PLANIFIEE       no      −45      A1                     overdue
 *  5   PLANIFIEE       no      −30      A1                     exactly 30 days: NOT overdue
 *  6   ANNULEE         no      −29      B1                     first day of the 30-day timeframe
 *  7   EN_ATTENTE_PDR  yes     −31      A2                     urgent and overdue
 *  8   TERMINEE        no      −100     A1         T1          outside 30 days, inside 365
 *  9   EN_COURS        yes     −40      A1                     soft-deleted
 * 10   TERMINEE        no      −3       A1                     archived
 * 11   PLANIFIEE       no      +5       B1                     in the future
 */
export async function buildDataset(db: Db) {
  const clientA = await createClient(db, { nomEntreprise: 'Atlas Énergie SA' });
  const clientB = await createClient(db, { nomEntreprise: 'Berkane Froid SARL' });
  const eqA1 = await createEquipment(db, {
    nom: 'Transformateur A1',
    typeEquipement: 'TRANSFORMATEUR',
    cout: '1000.00',
    valeur: '100000.00',
    proprietaireId: clientA.id,
  });
  const eqA2 = await createEquipment(db, {
    nom: 'Onduleur A2',
    typeEquipement: 'ONDULEUR',
    cout: '500.00',
    valeur: '50000.00',
    proprietaireId: clientA.id,
  });
  const eqB1 = await createEquipment(db, {
    nom: 'Transformateur B1',
    typeEquipement: 'TRANSFORMATEUR',
    cout: '200.00',
    valeur: '20000.00',
    proprietaireId: clientB.id,
  });
  const t1 = await createUser(db, { nom: 'Technicien Un' });
  const t2 = await createUser(db, { nom: 'Technicien Deux' });

  const i1 = await createIntervention(db, {
    equipementId: eqA1.id,
    statut: 'TERMINEE',
    date: daysAgo(2),
    technicianId: t1.id,
    createdAt: hoursAgo(28),
    description: 'Contrôle annuel du transformateur et mesure d’isolement des enroulements HT/BT',
  });
  await addHistory(db, i1.id, [
    ['PLANIFIEE', 'EN_COURS', hoursAgo(26)],
    ['EN_COURS', 'TERMINEE', hoursAgo(22)],
  ]);
  const i2 = await createIntervention(db, {
    equipementId: eqA2.id,
    statut: 'TERMINEE',
    date: daysAgo(10),
    technicianId: t1.id,
    createdAt: hoursAgo(240 + 6),
  });
  await addHistory(db, i2.id, [
    ['PLANIFIEE', 'EN_COURS', hoursAgo(240)],
    ['EN_COURS', 'EN_PAUSE', hoursAgo(238)],
    ['EN_PAUSE', 'EN_COURS', hoursAgo(235)],
    ['EN_COURS', 'TERMINEE', hoursAgo(230)],
  ]);
  const i3 = await createIntervention(db, {
    equipementId: eqB1.id,
    statut: 'EN_COURS',
    urgence: true,
    date: daysAgo(1),
    technicianId: t2.id,
    createdAt: hoursAgo(5),
    startedAt: hoursAgo(4),
  });
  const i4 = await createIntervention(db, { equipementId: eqA1.id, date: daysAgo(45), createdAt: hoursAgo(50 * 24) });
  const i5 = await createIntervention(db, { equipementId: eqA1.id, date: daysAgo(30), createdAt: hoursAgo(31 * 24) });
  const i6 = await createIntervention(db, {
    equipementId: eqB1.id,
    statut: 'ANNULEE',
    date: daysAgo(29),
    createdAt: hoursAgo(30 * 24),
  });
  const i7 = await createIntervention(db, {
    equipementId: eqA2.id,
    statut: 'EN_ATTENTE_PDR',
    urgence: true,
    date: daysAgo(31),
    createdAt: hoursAgo(32 * 24),
  });
  const i8 = await createIntervention(db, {
    equipementId: eqA1.id,
    statut: 'TERMINEE',
    date: daysAgo(100),
    technicianId: t1.id,
    createdAt: hoursAgo(101 * 24),
  });
  const i9 = await createIntervention(db, {
    equipementId: eqA1.id,
    statut: 'EN_COURS',
    urgence: true,
    date: daysAgo(40),
    deletedAt: new Date(),
  });
  const i10 = await createIntervention(db, {
    equipementId: eqA1.id,
    statut: 'TERMINEE',
    date: daysAgo(3),
    archivedAt: new Date(),
  });
  const i11 = await createIntervention(db, { equipementId: eqB1.id, date: daysAgo(-5), createdAt: hoursAgo(1) });

  return {
    clients: { a: clientA, b: clientB },
    equipment: { a1: eqA1, a2: eqA2, b1: eqB1 },
    technicians: { t1, t2 },
    i: { i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11 },
  };
}
