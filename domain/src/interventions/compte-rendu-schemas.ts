import { z } from 'zod';
import { idSchema } from '../common/api.ts';

/** Written intervention reports (comptes rendus, spec §7: POST /:id/report, GET /:id/reports, PUT /:id/reports/:reportId). */
export const COMPTE_RENDU_MESSAGES = {
  created: 'Compte rendu ajouté',
  updated: 'Compte rendu modifié',
  notFound: 'Compte rendu introuvable',
  titreRequired: 'Le titre est requis',
  titreMax: 'Le titre ne peut pas dépasser 200 caractères',
  contenuRequired: 'Le contenu est requis',
  contenuMax: 'Le contenu ne peut pas dépasser 20000 caractères',
} as const;

export const compteRenduInputSchema = z.object({
  titre: z
    .string({ error: COMPTE_RENDU_MESSAGES.titreRequired })
    .trim()
    .min(1, COMPTE_RENDU_MESSAGES.titreRequired)
    .max(200, COMPTE_RENDU_MESSAGES.titreMax),
  contenu: z
    .string({ error: COMPTE_RENDU_MESSAGES.contenuRequired })
    .trim()
    .min(1, COMPTE_RENDU_MESSAGES.contenuRequired)
    .max(20000, COMPTE_RENDU_MESSAGES.contenuMax),
});
export type CompteRenduInput = z.input<typeof compteRenduInputSchema>;

export const compteRenduParamsSchema = z.object({
  id: idSchema,
  reportId: idSchema,
});

export const compteRenduSchema = z.object({
  id: z.number(),
  interventionId: z.number(),
  titre: z.string(),
  contenu: z.string(),
  auteur: z.object({ id: z.number(), nom: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CompteRendu = z.infer<typeof compteRenduSchema>;

/** Reports listed per intervention (newest first); the PDF includes the same ones. */
export const COMPTE_RENDU_LIMIT = 100;
