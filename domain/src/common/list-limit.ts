/** Dropdowns load with limit 1000 (spec §9). Without zod (api.ts re-exports it): the signed-in frame uses it (issue 30). */
export const MAX_LIST_LIMIT = 1000;
