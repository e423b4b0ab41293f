import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './database.ts';

/** Issue 33: a few requests filed by QR code, waiting in the inbox (/demandes), and the request links they came by. */
const REQUESTS = [
  ['Le groupe électrogène ne démarre plus, voyant rouge allumé', 'Rachid Bennani', '06 61 23 45 67', null],
  ['Bruit anormal au démarrage du compresseur', 'Fatima Zahra Alaoui', '+212 6 70 11 22 33', 'f.alaoui@example.ma'],
  ['Fuite d’huile sous la machine, flaque visible', 'Youssef Amrani', '05 22 33 44 55', null],
  [
    'Le tableau électrique disjoncte plusieurs fois par jour',
    'Salma Idrissi',
    '07 61 00 11 22',
    'salma.idrissi@example.ma',
  ],
  ['Température de la chambre froide trop élevée (12 °C)', 'Hicham Tazi', '06 12 98 76 54', null],
] as const;

export async function seedDemoRequests(db: DbOrTx) {
  const { rows } = await db.execute<{ id: number }>(
    sql`SELECT id FROM equipements ORDER BY id LIMIT ${REQUESTS.length}`,
  );
  for (const [i, e] of rows.entries()) {
    const [description, nom, telephone, email] = REQUESTS[i]!;
    await db.execute(sql`INSERT INTO equipment_request_links (equipement_id, token)
      VALUES (${e.id}, ${randomBytes(32).toString('base64url')}) ON CONFLICT DO NOTHING`);
    await db.execute(sql`INSERT INTO intervention_requests (source, equipement_id, description, nom, telephone, email, created_at)
      VALUES ('QR', ${e.id}, ${description}, ${nom}, ${telephone}, ${email}, now() - make_interval(hours => ${(i + 1) * 5}))`);
  }
}
