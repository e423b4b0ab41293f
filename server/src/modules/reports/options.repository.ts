import { COMPANY_VISIBILITY, type Visibility } from '@gmao/domain/auth/visibility';
import { REPORT_OPTIONS_LIMIT } from '@gmao/domain/reports/report-schemas';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { clientVisible } from '../../db/visibility.ts';

/** Clients, equipment (of one client when given) and the people interventions are assigned to. */
export async function reportOptions(db: DbOrTx, clientId?: number, v: Visibility = COMPANY_VISIBILITY) {
  const [clients, equipment, technicians] = await Promise.all([
    db.execute<{ id: number; nom: string }>(
      sql`SELECT c.id, c.nom_entreprise AS nom FROM clients c WHERE ${clientVisible(v, sql`c.id`)}
          ORDER BY c.nom_entreprise, c.id LIMIT ${REPORT_OPTIONS_LIMIT}`,
    ),
    db.execute<{ id: number; nom: string; clientId: number }>(sql`
      SELECT id, nom, proprietaire_id AS "clientId" FROM equipements
      WHERE ${clientId ? sql`proprietaire_id = ${clientId}` : sql`TRUE`} AND ${clientVisible(v, sql`proprietaire_id`)}
      ORDER BY nom, id LIMIT ${REPORT_OPTIONS_LIMIT}`),
    // Users who hold the Technicien role or have ever been assigned an intervention.
    db.execute<{ id: number; nom: string }>(sql`
      SELECT u.id, u.nom FROM users u
      WHERE u.deleted_at IS NULL
        AND (EXISTS (SELECT 1 FROM roles r WHERE r.id = u.role_id AND r.nom = 'Technicien')
             OR EXISTS (SELECT 1 FROM interventions i WHERE i.technician_id = u.id))
      ORDER BY u.nom, u.id LIMIT ${REPORT_OPTIONS_LIMIT}`),
  ]);
  return { clients: clients.rows, equipment: equipment.rows, technicians: technicians.rows };
}
