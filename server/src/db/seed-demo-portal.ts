import { sql } from 'drizzle-orm';
import type { DbOrTx } from './database.ts';

/**
 * Issue 33: client portal accounts for the first two demo clients (password: the demo password) — `portail.demandeur`
 * may file requests, `portail.lecture` only reads; both opted in to e-mails. One portal request is on record for the
 * first so that its "Demandes" page has a row.
 */
export const DEMO_PORTAL_ACCOUNTS = [
  { username: 'portail.demandeur', nom: 'Karim Berrada', droit: 'DEMANDEUR', email: 'k.berrada@client-demo.ma' },
  { username: 'portail.lecture', nom: 'Meryem Lahlou', droit: 'LECTURE', email: 'm.lahlou@client-demo.ma' },
] as const;

export async function seedDemoPortal(
  db: DbOrTx,
  passwordHash: string,
): Promise<{ username: string; client: string }[]> {
  const { rows: firstClients } = await db.execute<{ id: number; nom: string }>(
    sql`SELECT id, nom_entreprise AS nom FROM clients ORDER BY id LIMIT ${DEMO_PORTAL_ACCOUNTS.length}`,
  );
  const out: { username: string; client: string }[] = [];
  for (const [i, c] of firstClients.entries()) {
    const a = DEMO_PORTAL_ACCOUNTS[i]!;
    const { rows } = await db.execute<{ id: number }>(sql`
      INSERT INTO users (nom, username, password_hash, email, enabled, activated_at, client_id, portail_droit,
                         portail_notifications)
      VALUES (${a.nom}, ${a.username}, ${passwordHash}, ${a.email}, true, now(), ${c.id}, ${a.droit}, true)
      ON CONFLICT DO NOTHING RETURNING id`);
    out.push({ username: a.username, client: c.nom });
    if (a.droit !== 'DEMANDEUR' || !rows[0]) continue;
    await db.execute(sql`INSERT INTO intervention_requests (source, equipement_id, description, nom, telephone, portal_user_id, created_at)
      SELECT 'PORTAIL', e.id, 'Disjonctions répétées sur le départ de la ligne 2 depuis ce matin', ${a.nom}, '0522 45 67 89', ${rows[0].id},
             now() - interval '2 hours'
      FROM equipements e WHERE e.proprietaire_id = ${c.id} ORDER BY e.id LIMIT 1`);
  }
  return out;
}
