import { sql } from 'drizzle-orm';
import type { Db } from './database.ts';
import { interventionTemplates } from './schema.ts';

/**
 * Issue 17: a contractor's usual preventive work — yearly transformer inspection, generator service every 6 months,
 * yearly thermography of switchboards — as templates and plans on the clients owning such equipment. The server
 * generates their interventions when it starts (and every PLAN_GENERATION_MINUTES).
 */
export async function seedDemoPlans(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  who: { creator: number | null; technicianIds: number[] },
) {
  const visits = [
    {
      type: 'TRANSFORMATEUR',
      template: 'Inspection annuelle transformateur',
      description:
        "Thermographie, analyse d'huile (rigidité diélectrique), contrôle des relais Buchholz et des serrages",
      checklist: [
        'Relever les températures',
        "Prélever un échantillon d'huile",
        'Contrôler le relais Buchholz',
        'Resserrer les connexions',
      ],
      plan: 'Inspection annuelle des transformateurs',
      rrule: 'FREQ=YEARLY',
      inDays: 5,
    },
    {
      type: 'GROUPE_ELECTROGENE',
      template: 'Entretien groupe électrogène (250 h / 6 mois)',
      description: "Vidange, filtres à huile, gasoil et air, contrôle des batteries et essai en charge d'une heure",
      checklist: ['Vidange et filtres', 'Contrôle des batteries', 'Essai en charge 1 h', 'Relevé du compteur horaire'],
      plan: 'Entretien semestriel des groupes électrogènes',
      rrule: 'FREQ=MONTHLY;INTERVAL=6',
      inDays: 12,
    },
    {
      type: 'TABLEAU_ELECTRIQUE',
      template: 'Thermographie des tableaux électriques',
      description: 'Thermographie infrarouge sous charge, resserrage des borniers, test des différentiels',
      checklist: ['Thermographie sous charge', 'Resserrage des borniers', 'Test des différentiels'],
      plan: 'Thermographie annuelle des TGBT',
      rrule: 'FREQ=YEARLY',
      inDays: 20,
    },
  ];
  for (const [i, v] of visits.entries()) {
    const [template] = await tx
      .insert(interventionTemplates)
      .values({
        nom: v.template,
        description: v.description,
        typeEquipement: v.type,
        checklist: v.checklist,
        dureeEstimee: 240,
        createdBy: who.creator,
      })
      .returning({ id: interventionTemplates.id });
    const { rows } = await tx.execute<{ client_id: number }>(sql`
      SELECT proprietaire_id AS client_id FROM equipements WHERE type_equipement = ${v.type}
      GROUP BY proprietaire_id ORDER BY count(*) DESC, proprietaire_id LIMIT 2`);
    for (const { client_id } of rows) {
      // first visits in the coming weeks: generated 14 days ahead, nothing overdue on a fresh demo
      const start = new Date(Date.now() + v.inDays * 86_400_000);
      await tx.execute(sql`
        INSERT INTO plans (nom, template_id, client_id, type_equipement, rrule, date_debut, jours_avance, technicien_id, creer_par)
        VALUES (${v.plan}, ${template?.id ?? null}, ${client_id}, ${v.type}, ${v.rrule}, ${start.toISOString().slice(0, 10)}::date,
                14, ${who.technicianIds[i % Math.max(1, who.technicianIds.length)] ?? null}, ${who.creator})`);
    }
  }
}
