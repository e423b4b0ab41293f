import { dayStartInstant, nextDayStartBound, wallClockOf } from '@gmao/domain/interventions/planning-clock';
import { wallClockText } from '@gmao/domain/interventions/schedule-schemas';
import type { SlaReportQuery, SlaReportRow } from '@gmao/domain/reports/sla-report-schemas';
import type { SlaCible } from '@gmao/domain/sla/sla-clock';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';

/** The clocks started within the period (Casablanca days), of one client or all, on interventions not in the trash. */
function clocksOf(q: SlaReportQuery): SQL {
  const from = dayStartInstant(q.dateFrom).toISOString();
  const to = nextDayStartBound(q.dateTo);
  return sql`s.demarre_le >= ${from}::timestamptz AND s.demarre_le < ${to}::timestamptz AND i.deleted_at IS NULL
    ${q.client_id ? sql`AND i.client_id = ${q.client_id}` : sql``}`;
}

const TARGET_ORDER = sql`array_position(ARRAY['PRISE_EN_COMPTE', 'SUR_SITE', 'RETABLISSEMENT']::varchar[], s.cible)`;

export async function slaTargetCounts(db: DbOrTx, q: SlaReportQuery) {
  const { rows } = await db.execute<{ cible: SlaCible; total: number; respectees: number; depassees: number }>(sql`
    SELECT s.cible, count(*)::int AS total,
           count(*) FILTER (WHERE s.etat = 'RESPECTE')::int AS respectees,
           count(*) FILTER (WHERE s.etat = 'DEPASSE')::int AS depassees
    FROM intervention_sla s JOIN interventions i ON i.id = s.intervention_id
    WHERE ${clocksOf(q)}
    GROUP BY s.cible ORDER BY min(${TARGET_ORDER})`);
  return rows;
}

export async function horsContratCount(db: DbOrTx, q: SlaReportQuery): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM interventions i
    WHERE i.hors_contrat AND i.deleted_at IS NULL
      AND i.created_at >= ${dayStartInstant(q.dateFrom).toISOString()}::timestamptz
      AND i.created_at < ${nextDayStartBound(q.dateTo)}::timestamptz
      ${q.client_id ? sql`AND i.client_id = ${q.client_id}` : sql``}`);
  return rows[0]?.n ?? 0;
}

type RowOut = Omit<SlaReportRow, 'cibles' | 'demarre_le' | 'demarre_locale'> & {
  demarre_le: Date | string;
  cibles: {
    cible: SlaCible;
    objectif_minutes: number;
    echeance: string | null;
    atteint_le: string | null;
    etat: SlaReportRow['cibles'][number]['etat'];
    consomme_minutes: number;
  }[];
};

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
/** Casablanca's wall clock, converted by the server (issue 30: the web converts no time zone). */
const local = (v: Date | string | null) => (v === null ? null : wallClockText(wallClockOf(new Date(v))));

/** The interventions with their clocks, first started first; `limit` rows at most (null: all, for the CSV). */
export async function slaReportRows(db: DbOrTx, q: SlaReportQuery, limit: number | null): Promise<SlaReportRow[]> {
  const { rows } = await db.execute<RowOut>(sql`
    SELECT i.id, min(s.demarre_le) AS demarre_le, c.nom_entreprise AS client, e.nom AS equipement, i.description,
           i.urgence, i.statut, min(k.numero) AS contrat,
           json_agg(json_build_object('cible', s.cible, 'objectif_minutes', s.objectif_minutes, 'echeance', s.echeance,
             'atteint_le', s.atteint_le, 'etat', s.etat, 'consomme_minutes', s.consomme_minutes) ORDER BY ${TARGET_ORDER})
             AS cibles
    FROM intervention_sla s
    JOIN interventions i ON i.id = s.intervention_id
    JOIN clients c ON c.id = i.client_id
    JOIN equipements e ON e.id = i.equipement_id
    JOIN contract_versions v ON v.id = s.contract_version_id
    JOIN contracts k ON k.id = v.contract_id
    WHERE ${clocksOf(q)}
    GROUP BY i.id, c.nom_entreprise, e.nom
    ORDER BY min(s.demarre_le), i.id
    ${limit === null ? sql`` : sql`LIMIT ${limit}`}`);
  return rows.map((r) => ({
    ...r,
    demarre_le: iso(r.demarre_le)!,
    demarre_locale: local(r.demarre_le)!,
    cibles: r.cibles.map((x) => ({
      ...x,
      echeance: iso(x.echeance),
      echeance_locale: local(x.echeance),
      atteint_le: iso(x.atteint_le),
    })),
  }));
}

export async function clientName(db: DbOrTx, id: number): Promise<string | null> {
  const { rows } = await db.execute<{ nom: string }>(sql`SELECT nom_entreprise AS nom FROM clients WHERE id = ${id}`);
  return rows[0]?.nom ?? null;
}

/** "Hors contrat" interventions of the period to invoice: time on site (timer sessions) and materials. */
export async function horsContratRows(db: DbOrTx, q: SlaReportQuery) {
  const { rows } = await db.execute<{
    id: number;
    date: string;
    client: string;
    ice: string | null;
    equipement: string;
    description: string | null;
    statut: string;
    minutes: number;
    materiel: string | null;
    montant_materiel: string;
  }>(sql`
    SELECT i.id, to_char(i.date, 'YYYY-MM-DD') AS date, c.nom_entreprise AS client, c.ice, e.nom AS equipement,
           i.description, i.statut,
           COALESCE((SELECT round(sum(extract(epoch FROM (COALESCE(t.stopped_at, now()) - t.started_at))) / 60)::int
                     FROM intervention_timer_sessions t WHERE t.intervention_id = i.id), 0) AS minutes,
           (SELECT string_agg(m.designation || ' × ' || trim_scale(m.quantite)::text, ' ; ' ORDER BY m.id)
              FROM intervention_materials m WHERE m.intervention_id = i.id) AS materiel,
           COALESCE((SELECT round(sum(m.quantite * m.prix_unitaire), 2)
                     FROM intervention_materials m WHERE m.intervention_id = i.id), 0)::text AS montant_materiel
    FROM interventions i
    JOIN clients c ON c.id = i.client_id
    JOIN equipements e ON e.id = i.equipement_id
    WHERE i.hors_contrat AND i.deleted_at IS NULL
      AND i.created_at >= ${dayStartInstant(q.dateFrom).toISOString()}::timestamptz
      AND i.created_at < ${nextDayStartBound(q.dateTo)}::timestamptz
      ${q.client_id ? sql`AND i.client_id = ${q.client_id}` : sql``}
    ORDER BY c.nom_entreprise, i.date, i.id`);
  return rows;
}
