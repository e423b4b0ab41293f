import { COUNT_BOUND } from '@gmao/domain/common/api';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/database.ts';
import { createClient, createEquipment, createUser } from './factories.ts';

/** Interventions of the list-at-scale tests: past COUNT_BOUND, so that the count stops. */
export const SCALE_ROWS = COUNT_BOUND + 40;

/**
 * The list-at-scale data set (intervention-list-scale.test.ts, intervention-list-search.test.ts): SCALE_ROWS
 * interventions "Intervention g" over 1,500 days, 99 in 100 on the equipment of « Volume Industries », 1 in 100 on
 * that of « Petit Client SARL » (`clientId`), 1 in 7 assigned to `technicianId`; analysed.
 */
export async function seedListScale(db: Db) {
  const client = await createClient(db, { nomEntreprise: 'Volume Industries' });
  const other = await createClient(db, { nomEntreprise: 'Petit Client SARL' });
  const eq = await createEquipment(db, { proprietaireId: client.id });
  const eq2 = await createEquipment(db, { proprietaireId: other.id });
  const tech = await createUser(db, { username: 'scale_tech', nom: 'Technicien Volume' });
  await db.execute(sql`
    INSERT INTO interventions (equipement_id, client_id, technician_id, date, description, statut, urgence)
    SELECT CASE WHEN g % 100 = 0 THEN ${eq2.id}::int ELSE ${eq.id}::int END,
           CASE WHEN g % 100 = 0 THEN ${other.id}::int ELSE ${client.id}::int END,
           CASE WHEN g % 7 = 0 THEN ${tech.id}::int END,
           current_date - (g % 1500), 'Intervention ' || g,
           (ARRAY['PLANIFIEE','EN_COURS','TERMINEE','ANNULEE'])[1 + g % 4], g % 13 = 0
    FROM generate_series(1, ${SCALE_ROWS}) g`);
  await db.execute(sql`ANALYZE`);
  return { clientId: other.id, technicianId: tech.id };
}
