import { equipmentTypeLabel } from '@gmao/domain/analytics/analytics-schemas';
import { formatCustomValue } from '@gmao/domain/custom-fields/custom-field-schemas';
import { INTERVENTION_CSV_COLUMNS } from '@gmao/domain/interventions/export-schemas';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { statutLabel } from '@gmao/domain/interventions/status';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvFileStream, frDate, frDateTime } from '../src/lib/csv.ts';
import { listDefinitions } from '../src/modules/interventions/custom-fields/custom-fields.repository.ts';
import { interventionsAfter } from '../src/modules/interventions/list.repository.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createClient, createEquipment, createIntervention, createUser } from './helpers/factories.ts';

/**
 * Issue 29: the interventions list's CSV (« Exporter ») is written by PostgreSQL through the same COPY path as the
 * period report (db/csv-copy.ts) instead of a cursor and csv-stringify row by row. The file must stay byte for byte
 * the one csv-stringify wrote: `legacyCsv` below is that path as it was (the list's rows, export.service.ts's
 * toRecord, formatCustomValue, lib/csv.ts csvFileStream), run on rows chosen to catch every formatting rule —
 * quotes, ';', line breaks, formula-like text, empty and missing values, times, and every custom field type.
 */
let t: TestApp;
let admin: string;
const ids: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const db = t.database.db;
  await db.execute(sql`
    INSERT INTO custom_field_definitions (cle, libelle, type, unite, position) VALUES
      ('puissance', 'Puissance', 'NOMBRE', 'kVA', 1), ('compteur', 'Compteur', 'NOMBRE', NULL, 2),
      ('conforme', 'Conforme', 'OUI_NON', NULL, 3), ('mise_service', 'Mise en service', 'DATE', NULL, 4),
      ('remarque', 'Remarque', 'TEXTE', NULL, 5), ('gamme', 'Gamme', 'LISTE', NULL, 6)`);
  await db.execute(
    sql`INSERT INTO custom_field_definitions (cle, libelle, type, actif) VALUES ('ancien', 'Ancien', 'TEXTE', false)`,
  );
  const tech = await createUser(db, { nom: '@Tech; "Karim"' });
  const creator = await createUser(db, { nom: 'Créatrice\nDeux lignes' });
  const c1 = await createClient(db, { nomEntreprise: '=HYPERLINK("http://x";"clic")', ville: 'Agadir' });
  const c2 = await createClient(db, { nomEntreprise: 'Parité Énergie SA', ville: null });
  const e1 = await createEquipment(db, {
    nom: 'Poste Parité',
    proprietaireId: c1.id,
    typeEquipement: 'GROUPE_ELECTROGENE',
  });
  const e2 = await createEquipment(db, { nom: '-Cellule 2', proprietaireId: c2.id, typeEquipement: null });
  const customs: Record<string, unknown>[] = [
    {
      puissance: 1234.5678,
      compteur: -0.0001,
      conforme: true,
      mise_service: '2024-03-15',
      remarque: '-cmd|x',
      gamme: 'A;B',
    },
    { puissance: '630', compteur: 1e21, conforme: false, remarque: '', gamme: null },
    { puissance: 1000, compteur: -1234.5, conforme: 0, mise_service: '2025-12-01', remarque: '+33 6 12', gamme: '"Q"' },
    { puissance: 0.0005, compteur: 12, conforme: 1, remarque: '-12,50', ancien: 'caché' },
    {},
  ];
  for (const [k, custom] of customs.entries()) {
    const row = await createIntervention(db, {
      equipementId: k % 2 === 0 ? e1.id : e2.id,
      date: `2026-03-0${k + 1}`,
      description: ['Mesure; "isolement"', '=1+1', 'ligne 1\nligne 2', '', null][k] as string | null,
      statut: (['PLANIFIEE', 'EN_COURS', 'TERMINEE', 'ANNULEE', 'EN_PAUSE'] as const)[k],
      urgence: k % 2 === 1,
      technicianId: k < 3 ? tech.id : null,
      creerPar: k !== 1 ? creator.id : null,
      startedAt: k >= 1 ? new Date(`2026-03-0${k + 1}T08:0${k}:00Z`) : null,
      completedAt: k === 2 ? new Date('2026-03-03T17:45:30Z') : null,
      customFields: custom,
    });
    ids.push(row.id);
  }
});
afterAll(() => t.close());

/** The interventions CSV as export.service.ts wrote it before issue 29 (csv-stringify, row by row). */
async function legacyCsv(search: string): Promise<string> {
  const db = t.database.db;
  const fields = await listDefinitions(db, { actif: 'true' });
  const columns = [
    ...INTERVENTION_CSV_COLUMNS,
    ...fields.map((d) => [`cf_${d.cle}`, d.unite ? `${d.libelle} (${d.unite})` : d.libelle] as const),
  ];
  const toRecord = (r: Intervention) => ({
    id: r.id,
    date: frDate(r.date),
    client: r.equipement.proprietaire.nom_entreprise,
    ville: r.equipement.proprietaire.ville ?? '',
    equipement: r.equipement.nom,
    type: equipmentTypeLabel(r.equipement.type_equipement),
    statut: statutLabel(r.statut),
    urgence: r.urgence ? 'Oui' : 'Non',
    technicien: r.technician?.nom ?? '',
    description: r.description ?? '',
    debut: frDateTime(r.startedAt),
    fin: frDateTime(r.completedAt),
    creePar: r.creerPar?.nom ?? '',
  });
  const rows = await interventionsAfter(db, { search, scope: 'active' }, undefined, 1000);
  async function* records() {
    for (const r of rows)
      yield {
        ...toRecord(r),
        ...Object.fromEntries(fields.map((d) => [`cf_${d.cle}`, formatCustomValue(d, r.custom_fields[d.cle])])),
      };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of csvFileStream(columns, records())) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

describe('interventions CSV through the shared COPY path (issue 29)', () => {
  it('writes the same bytes as the csv-stringify export did, for every formatting rule', async () => {
    for (const search of ['Parité', 'Poste Parité']) {
      const res = await t.as(admin, {
        method: 'GET',
        url: `/api/interventions/export/csv?search=${encodeURIComponent(search)}`,
      });
      expect(res.statusCode).toBe(200);
      const expected = await legacyCsv(search);
      expect(expected.split('\n').length).toBeGreaterThan(3);
      expect(res.body).toBe(expected);
    }
  });

  it('writes the period report as the COPY export wrote it before the shared path (the same bytes)', async () => {
    const res = await t.as(admin, {
      method: 'GET',
      url: '/api/reports/export.csv?dateFrom=2026-03-01&dateTo=2026-03-05',
    });
    expect(res.statusCode).toBe(200);
    // Captured from the report route before issue 29 (report-csv.repository.ts with its own COPY code); the type by its
    // French label since issue 30 (item 9).
    expect(res.body).toBe(
      `\uFEFFN°;Date;Client;Équipement;Type d'équipement;Statut;Urgence;Technicien;Description;Début;Fin;Durée (h);Attente pièces (h);Coût (MAD)
${ids[0]};01/03/2026;"'=HYPERLINK(""http://x"";""clic"")";Poste Parité;Groupe électrogène;Planifiée;Non;"'@Tech; ""Karim""";"Mesure; ""isolement""";;;;;
${ids[1]};02/03/2026;Parité Énergie SA;'-Cellule 2;Non renseigné;En Cours;Oui;"'@Tech; ""Karim""";'=1+1;${frDateTime('2026-03-02T08:01:00Z')};;;;
${ids[2]};03/03/2026;"'=HYPERLINK(""http://x"";""clic"")";Poste Parité;Groupe électrogène;Terminée;Non;"'@Tech; ""Karim""";"ligne 1
ligne 2";${frDateTime('2026-03-03T08:02:00Z')};${frDateTime('2026-03-03T17:45:30Z')};9,7;;
${ids[3]};04/03/2026;Parité Énergie SA;'-Cellule 2;Non renseigné;Annulée;Oui;;;${frDateTime('2026-03-04T08:03:00Z')};;;;
${ids[4]};05/03/2026;"'=HYPERLINK(""http://x"";""clic"")";Poste Parité;Groupe électrogène;En Pause;Non;;;${frDateTime('2026-03-05T08:04:00Z')};;;;
`,
    );
  });

  it('gives the BOM and the header alone when nothing matches', async () => {
    const res = await t.as(admin, { method: 'GET', url: '/api/interventions/export/csv?search=zzz-rien' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(await legacyCsv('zzz-rien'));
  });
});
