import { z } from 'zod';
import { dbIdNumber } from '../common/numbers.ts';

export const SECTION_MESSAGES = {
  nomRequired: 'Le nom de la section est requis',
  nomMax: 'Le nom de la section ne peut pas dépasser 100 caractères',
  descriptionMax: 'La description ne peut pas dépasser 500 caractères',
  notFound: 'Section introuvable',
  nameTaken: 'Une section porte déjà ce nom',
  unknownResponsible: "Le responsable choisi n'existe pas",
  hasMembers: (count: number) =>
    `Cette section compte ${count} utilisateur${count > 1 ? 's' : ''} : réaffectez-les avant de la supprimer`,
  created: 'Section créée avec succès',
  updated: 'Section modifiée avec succès',
  deleted: 'Section supprimée avec succès',
  createFailed: 'Erreur lors de la création de la section',
  updateFailed: 'Erreur lors de la modification de la section',
  deleteFailed: 'Erreur lors de la suppression de la section',
  deleteConfirm: (name: string) =>
    `Êtes-vous sûr de vouloir supprimer la section "${name}" ? Cette action est irréversible.`,
} as const;

/** POST /sections, PUT /sections/:id and the section form. The responsible person joins the section. */
export const sectionInputSchema = z.object({
  nom: z
    .string({ error: SECTION_MESSAGES.nomRequired })
    .trim()
    .min(1, SECTION_MESSAGES.nomRequired)
    .max(100, SECTION_MESSAGES.nomMax),
  description: z
    .string()
    .trim()
    .max(500, SECTION_MESSAGES.descriptionMax)
    .nullish()
    .transform((v) => (v ? v : null)),
  responsable_id: dbIdNumber().nullable().optional(),
});
export type SectionInput = z.input<typeof sectionInputSchema>;

export const sectionSchema = z.object({
  id: z.number().int(),
  nom: z.string(),
  description: z.string().nullable(),
  responsable_id: z.number().int().nullable(),
  responsable: z.object({ id: z.number().int(), nom: z.string(), username: z.string() }).nullable(),
  memberCount: z.number().int(),
});
export type Section = z.infer<typeof sectionSchema>;
