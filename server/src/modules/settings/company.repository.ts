import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';

/** The company profile as stored (app_settings, key 'company'): the identity, the logo's file, the bon's settings. */
export interface StoredCompany {
  nom?: string;
  adresse?: string;
  ville?: string;
  telephone?: string;
  email?: string;
  ice?: string;
  rc?: string;
  if?: string;
  patente?: string;
  cnss?: string;
  logo_key?: string | null;
  logo_type?: string | null;
  /** When the logo was stored (its address changes with it). */
  logo_at?: string | null;
  signature_client_obligatoire?: boolean;
  afficher_prix?: boolean;
  /** Issue 34: the standard's implications (B2V ⇒ B1V ⇒ B0) apply to the habilitation check; off unless set. */
  habilitations_implications?: boolean;
}

const KEY = 'company';

export async function readCompany(db: DbOrTx): Promise<StoredCompany | null> {
  const { rows } = await db.execute<{ value: StoredCompany }>(sql`SELECT value FROM app_settings WHERE key = ${KEY}`);
  return rows[0]?.value ?? null;
}

/** The stored row under its lock (a write reads, merges and writes in one transaction). */
export async function lockCompany(db: DbOrTx): Promise<StoredCompany | null> {
  await db.execute(
    sql`INSERT INTO app_settings (key, value) VALUES (${KEY}, '{}'::jsonb) ON CONFLICT (key) DO NOTHING`,
  );
  const { rows } = await db.execute<{ value: StoredCompany }>(
    sql`SELECT value FROM app_settings WHERE key = ${KEY} FOR UPDATE`,
  );
  return rows[0]?.value ?? null;
}

export async function writeCompany(db: DbOrTx, value: StoredCompany): Promise<void> {
  await db.execute(
    sql`INSERT INTO app_settings (key, value, updated_at) VALUES (${KEY}, ${JSON.stringify(value)}::jsonb, now())
        ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
  );
}
