import { z } from 'zod';

// The top bar's texts, without zod (the signed-in frame shows them; issue 30): search-messages.ts.
import { SEARCH_MESSAGES, SEARCH_MIN_LENGTH } from './search-messages.ts';

export { SEARCH_MESSAGES, SEARCH_MIN_LENGTH };
export const SEARCH_GROUP_LIMIT = 5;

export const searchQuerySchema = z.object({
  q: z.string().trim().min(SEARCH_MIN_LENGTH, SEARCH_MESSAGES.tooShort).max(100),
});

export const searchResultSchema = z.object({
  equipment: z.array(
    z.object({
      id: z.number().int(),
      nom: z.string(),
      marque: z.string().nullable(),
      modele: z.string().nullable(),
      numero_serie: z.string().nullable(),
      client: z.string(),
    }),
  ),
  clients: z.array(
    z.object({
      id: z.number().int(),
      nom_entreprise: z.string(),
      ville: z.string().nullable(),
      ice: z.string().nullable(),
    }),
  ),
  interventions: z.array(
    z.object({
      id: z.number().int(),
      description: z.string().nullable(),
      statut: z.string(),
      date: z.string(),
      equipement: z.string(),
      client: z.string(),
    }),
  ),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** What the user typed, as an intervention number when it is one ("123", "#123", "n°123"). */
export function interventionNumber(q: string): number | null {
  const m = /^(?:#|n°\s*|no\s*)?(\d{1,9})$/i.exec(q.trim());
  return m ? Number(m[1]) : null;
}
