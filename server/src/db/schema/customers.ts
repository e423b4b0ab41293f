import { index, integer, jsonb, numeric, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { sections, users } from './access.ts';
import { timestamps } from './columns.ts';

/**
 * Client companies and the equipment they own. Part of the typed mirror of the migrations (../schema.ts).
 */
export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    nomEntreprise: varchar('nom_entreprise', { length: 200 }).notNull(),
    secteurActivite: varchar('secteur_activite', { length: 100 }),
    adresse: text('adresse'),
    ville: varchar('ville', { length: 100 }),
    codePostal: varchar('code_postal', { length: 20 }),
    tel: varchar('tel', { length: 30 }),
    fax: varchar('fax', { length: 30 }),
    email: varchar('email', { length: 200 }),
    siteWeb: varchar('site_web', { length: 200 }),
    contactPrincipal: varchar('contact_principal', { length: 150 }),
    posteContact: varchar('poste_contact', { length: 100 }),
    telephoneContact: varchar('telephone_contact', { length: 30 }),
    emailContact: varchar('email_contact', { length: 200 }),
    registreCommerce: varchar('registre_commerce', { length: 100 }),
    /** Identifiant Commun de l'Entreprise (15 digits, migration 0021). */
    ice: varchar('ice', { length: 15 }),
    formeJuridique: varchar('forme_juridique', { length: 50 }),
    creerPar: integer('creer_par').references(() => users.id, { onDelete: 'set null' }),
    /** The section (agency) that serves the client (migration 0063): what a section-limited user sees. */
    sectionId: integer('section_id').references(() => sections.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('clients_section_idx').on(t.sectionId),
    index('clients_updated_idx').on(t.updatedAt, t.id), // 0061: the sync's order
    index('clients_nom_idx').on(t.nomEntreprise, t.id),
    index('clients_secteur_idx').on(t.secteurActivite),
    index('clients_ville_idx').on(t.ville),
  ],
);

export const equipements = pgTable(
  'equipements',
  {
    id: serial('id').primaryKey(),
    nom: varchar('nom', { length: 200 }).notNull(),
    marque: varchar('marque', { length: 100 }),
    modele: varchar('modele', { length: 100 }),
    numeroSerie: varchar('numero_serie', { length: 100 }),
    typeEquipement: varchar('type_equipement', { length: 50 }),
    etatDeReception: text('etat_de_reception'),
    valeur: numeric('valeur', { precision: 14, scale: 2 }),
    cout: numeric('cout', { precision: 14, scale: 2 }),
    proprietaireId: integer('proprietaire_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    creerPar: integer('creer_par').references(() => users.id, { onDelete: 'set null' }),
    // 0058_habilitations.sql: voltage domain (TBT|BT|HTA|HTB) and, per kind of work, the symbols one of which suffices
    domaineTension: varchar('domaine_tension', { length: 3 }),
    exigences: jsonb('exigences').notNull().default([]),
    ...timestamps,
  },
  (t) => [
    index('equipements_updated_idx').on(t.updatedAt, t.id), // 0061: the sync's order
    index('equipements_proprietaire_idx').on(t.proprietaireId),
    index('equipements_type_idx').on(t.typeEquipement),
    index('equipements_nom_idx').on(t.nom, t.id),
  ],
);
