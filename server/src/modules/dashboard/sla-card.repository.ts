import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { isOpen, slaIs, visible } from '../../db/predicates.ts';

/**
 * The dashboard card "Délais garantis" (issue 31). The counts use the list's own predicates (`slaIs`, `isOpen`,
 * `visible`), so that the card's figures are the totals of the lists it links to. The compliance reads the decided
 * clocks of GTI / GTR whose deadline falls in [from, to) through intervention_sla's (etat, echeance) index, joined to
 * the visible interventions by primary key.
 */
export async function slaCardFigures(db: DbOrTx, opts: { from: Date; to: Date }) {
  const { rows } = await db.execute<{
    a_risque: number;
    depassees: number;
    gti_ok: number;
    gti_ko: number;
    gtr_ok: number;
    gtr_ko: number;
  }>(sql`
    WITH decided AS (
      SELECT s.cible, s.etat
      FROM intervention_sla s JOIN interventions i ON i.id = s.intervention_id
      WHERE s.etat IN ('RESPECTE', 'DEPASSE') AND s.cible IN ('SUR_SITE', 'RETABLISSEMENT')
        AND s.echeance >= ${opts.from.toISOString()}::timestamptz AND s.echeance < ${opts.to.toISOString()}::timestamptz
        AND ${visible()}
    )
    SELECT
      (SELECT count(*) FROM interventions i WHERE ${visible()} AND ${slaIs('A_RISQUE')})::int AS a_risque,
      (SELECT count(*) FROM interventions i WHERE ${visible()} AND ${isOpen()} AND ${slaIs('DEPASSE')})::int AS depassees,
      (SELECT count(*) FROM decided WHERE cible = 'SUR_SITE' AND etat = 'RESPECTE')::int AS gti_ok,
      (SELECT count(*) FROM decided WHERE cible = 'SUR_SITE' AND etat = 'DEPASSE')::int AS gti_ko,
      (SELECT count(*) FROM decided WHERE cible = 'RETABLISSEMENT' AND etat = 'RESPECTE')::int AS gtr_ok,
      (SELECT count(*) FROM decided WHERE cible = 'RETABLISSEMENT' AND etat = 'DEPASSE')::int AS gtr_ko`);
  return rows[0]!;
}
