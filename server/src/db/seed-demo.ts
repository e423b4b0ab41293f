import type { Statut } from '@gmao/domain/interventions/status';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../lib/password.ts';
import type { Db } from './database.ts';
import { clients, equipements, interventionHistory, interventions, roles, sections, users } from './schema.ts';
import { seedContracts, seedSlaClocks } from './seed-demo-contracts.ts';
import { COMPANIES, EQUIPMENT_MODELS, TASKS, TECHNICIANS } from './seed-demo-data.ts';
import { seedDemoHabilitations } from './seed-demo-habilitations.ts';
import { seedDemoPlans } from './seed-demo-plans.ts';
import { seedDemoPortal } from './seed-demo-portal.ts';
import { seedDemoRequests } from './seed-demo-requests.ts';
import { seedDemoSections } from './seed-demo-sections.ts';
import { seedDemoWebhooks } from './seed-demo-webhooks.ts';

/** Demo data that looks like a Moroccan industrial customer base (npm run seed:demo). */
export const DEMO_PASSWORD = 'DemoGmao2024';

/** Deterministic pseudo-random numbers, so every demo database looks the same. */
function rng(seed = 42) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * A realistic status for an intervention dated `daysAgo` days ago: future and very recent ones are planned, recent
 * ones are spread over the workflow, old ones are mostly closed — a handful stay open, which makes them overdue.
 */
function pickStatut(daysAgo: number, roll: number): Statut {
  if (daysAgo <= 3) return 'PLANIFIEE';
  if (daysAgo > 45) {
    if (roll < 0.84) return 'TERMINEE';
    if (roll < 0.89) return 'ANNULEE';
    if (roll < 0.92) return 'ECHEC';
    if (roll < 0.95) return 'EN_ATTENTE_PDR';
    if (roll < 0.97) return 'EN_PAUSE';
    return 'PLANIFIEE';
  }
  if (roll < 0.5) return 'TERMINEE';
  if (roll < 0.65) return 'EN_COURS';
  if (roll < 0.72) return 'EN_PAUSE';
  if (roll < 0.8) return 'EN_ATTENTE_PDR';
  if (roll < 0.85) return 'ANNULEE';
  if (roll < 0.88) return 'ECHEC';
  return 'PLANIFIEE';
}

export async function seedDemo(db: Db): Promise<{
  skipped: boolean;
  clients: number;
  equipment: number;
  interventions: number;
  /** Issue 33: the client portal accounts and their companies. */
  portal: { username: string; client: string }[];
}> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(clients);
  if (count > 0) return { skipped: true, clients: 0, equipment: 0, interventions: 0, portal: [] };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const random = rng();
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];

  return db.transaction(async (tx) => {
    const [tech] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.nom, 'Technicien'));
    const [manager] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.nom, 'Responsable'));
    const [elec] = await tx
      .select({ id: sections.id })
      .from(sections)
      .where(eq(sections.nom, 'Maintenance Électrique'));
    const [meca] = await tx.select({ id: sections.id }).from(sections).where(eq(sections.nom, 'Maintenance Mécanique'));
    const [responsable] = await tx
      .insert(users)
      .values({ nom: 'Nadia El Fassi', username: 'n.elfassi', passwordHash, roleId: manager?.id, sectionId: elec?.id })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (responsable && elec)
      await tx.update(sections).set({ responsableId: responsable.id }).where(eq(sections.id, elec.id));
    const techIds: number[] = [];
    for (const [i, [nom, username]] of TECHNICIANS.entries()) {
      const [row] = await tx
        .insert(users)
        .values({ nom, username, passwordHash, roleId: tech?.id, sectionId: i % 2 === 0 ? elec?.id : meca?.id })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (row) techIds.push(row.id);
    }
    const creator = responsable?.id ?? null;

    const clientRows = await tx
      .insert(clients)
      .values(
        COMPANIES.map(([nom, secteur, ville, cp, adresse, contact, poste], i) => {
          // 'Atlas Textiles SARL' → 'atlastextiles': the legal form is not part of a domain name.
          const slug = nom
            .replace(/\s+(SARL|SA|SNC|SCS|SCA)$/, '')
            .toLowerCase()
            .normalize('NFD')
            .replace(/[^a-z]/g, '')
            .slice(0, 20);
          const phone = (n: number) => `+2125${22 + (i % 7)}${String(100000 + i * 7919 + n).slice(-6)}`;
          return {
            nomEntreprise: nom,
            secteurActivite: secteur,
            ville,
            codePostal: cp,
            adresse,
            tel: phone(11),
            fax: i % 3 === 0 ? phone(29) : null,
            email: `contact@${slug}.ma`,
            siteWeb: `https://www.${slug}.ma`,
            contactPrincipal: contact,
            posteContact: poste,
            telephoneContact: `+2126${String(10000000 + i * 1_234_567).slice(-8)}`,
            emailContact: `${contact
              .split(' ')[0]
              .toLowerCase()
              .normalize('NFD')
              .replace(/[^a-z]/g, '')}@${slug}.ma`,
            registreCommerce: `RC ${ville.slice(0, 3).toUpperCase()} ${10000 + i * 313}`,
            // a 15-digit ICE, as every Moroccan company has (printed on the bon d'intervention, issue 32)
            ice: String(1_525_474_000_089 + i * 7_654_321).padStart(15, '0'),
            formeJuridique: nom.includes('SARL') ? 'SARL' : nom.includes(' SA') ? 'SA' : 'SARL',
            creerPar: creator,
          };
        }),
      )
      .returning({ id: clients.id });

    const equipmentValues = clientRows.flatMap((c, ci) =>
      Array.from({ length: 3 + (ci % 3) }, (_, k) => {
        const [label, type, marque, modele, price] = pick(EQUIPMENT_MODELS);
        return {
          nom: `${label} ${String.fromCharCode(65 + k)}${ci + 1}`,
          typeEquipement: type,
          marque,
          modele,
          numeroSerie: `${marque.slice(0, 3).toUpperCase()}-${2018 + (k % 6)}-${String(1000 + ci * 37 + k)}`,
          etatDeReception: pick(['Neuf', 'Bon état', 'Usagé — révision à prévoir', 'Bon état, documentation complète']),
          valeur: (price * (0.9 + random() * 0.2)).toFixed(2),
          cout: (price * (0.02 + random() * 0.05)).toFixed(2),
          proprietaireId: c.id,
          creerPar: creator,
        };
      }),
    );
    const equipmentRows = await tx
      .insert(equipements)
      .values(equipmentValues)
      .returning({ id: equipements.id, owner: equipements.proprietaireId });

    const today = new Date();
    let created = 0;
    for (const eqRow of equipmentRows) {
      const n = 2 + Math.floor(random() * 5);
      for (let k = 0; k < n; k++) {
        const daysAgo = Math.floor(random() * 360) - 10; // a few in the coming days
        const date = new Date(today.getTime() - daysAgo * 86_400_000);
        const statut = pickStatut(daysAgo, random());
        const started =
          statut !== 'PLANIFIEE' && statut !== 'ANNULEE'
            ? new Date(date.getTime() + (2 + random() * 20) * 3_600_000)
            : null;
        const completed =
          statut === 'TERMINEE' && started ? new Date(started.getTime() + (1 + random() * 40) * 3_600_000) : null;
        const technicianId = techIds.length ? pick(techIds) : null;
        // Created a few days before its date, and never in the future (planned ones were created recently).
        const createdAt = new Date(
          Math.min(date.getTime() - (1 + random() * 6) * 86_400_000, today.getTime() - (1 + random() * 72) * 3_600_000),
        );
        const [row] = await tx
          .insert(interventions)
          .values({
            equipementId: eqRow.id,
            clientId: eqRow.owner,
            technicianId,
            date: isoDay(date),
            description: pick(TASKS),
            urgence: random() < 0.18,
            statut,
            startedAt: started,
            completedAt: completed,
            creerPar: creator ?? technicianId,
            createdAt,
            updatedAt: completed ?? started ?? createdAt,
          })
          .returning({ id: interventions.id });
        created++;
        const history: (typeof interventionHistory.$inferInsert)[] = [];
        if (started)
          history.push({
            interventionId: row.id,
            fromStatut: 'PLANIFIEE',
            toStatut: 'EN_COURS',
            userId: technicianId,
            createdAt: started,
          });
        if (statut === 'EN_PAUSE' || statut === 'EN_ATTENTE_PDR' || statut === 'ECHEC') {
          history.push({
            interventionId: row.id,
            fromStatut: 'EN_COURS',
            toStatut: statut,
            userId: technicianId,
            note: statut === 'EN_ATTENTE_PDR' ? 'Pièce de rechange commandée chez le fournisseur' : null,
            createdAt: new Date((started ?? date).getTime() + 4 * 3_600_000),
          });
        }
        // About one completed intervention in five was paused on the way (first-time-fix rate below 100 %).
        if (completed && started && random() < 0.2) {
          const span = completed.getTime() - started.getTime();
          history.push(
            {
              interventionId: row.id,
              fromStatut: 'EN_COURS',
              toStatut: 'EN_PAUSE',
              userId: technicianId,
              note: 'En attente de l’accès au local technique',
              createdAt: new Date(started.getTime() + span * 0.3),
            },
            {
              interventionId: row.id,
              fromStatut: 'EN_PAUSE',
              toStatut: 'EN_COURS',
              userId: technicianId,
              createdAt: new Date(started.getTime() + span * 0.6),
            },
          );
        }
        if (completed)
          history.push({
            interventionId: row.id,
            fromStatut: 'EN_COURS',
            toStatut: 'TERMINEE',
            userId: technicianId,
            createdAt: completed,
          });
        if (statut === 'ANNULEE') {
          history.push({
            interventionId: row.id,
            fromStatut: 'PLANIFIEE',
            toStatut: 'ANNULEE',
            userId: creator,
            note: 'Annulée à la demande du client',
            createdAt: date,
          });
        }
        if (history.length) await tx.insert(interventionHistory).values(history);
      }
    }
    await seedDemoHabilitations(tx, { technicianIds: techIds, creator, today: isoDay(today) });
    await seedDemoPlans(tx, { creator, technicianIds: techIds });
    await seedContracts(tx, { today: new Date().toISOString().slice(0, 10), creator });
    await seedSlaClocks(tx);
    await seedDemoRequests(tx);
    const portal = await seedDemoPortal(tx, passwordHash);
    // The contractor's own profile, printed in the header of every document (issue 32); an administrator's is kept.
    await tx.execute(
      sql`INSERT INTO app_settings (key, value) VALUES ('company', ${JSON.stringify({
        nom: 'Atlas Électro Maintenance SARL',
        adresse: '112, boulevard Abdelmoumen, quartier Maârif',
        ville: 'Casablanca',
        telephone: '+212 5 22 98 76 54',
        email: 'contact@atlas-electro.ma',
        ice: '002145879000036',
        rc: 'RC Casablanca 412587',
        if: '40258741',
        patente: '35214785',
        cnss: '8541236',
        signature_client_obligatoire: false,
        afficher_prix: true,
      })}::jsonb) ON CONFLICT (key) DO NOTHING`,
    );
    await seedDemoWebhooks(tx, { creator });
    await seedDemoSections(tx, { passwordHash });
    return {
      skipped: false,
      clients: clientRows.length,
      equipment: equipmentRows.length,
      interventions: created,
      portal,
    };
  });
}
