import { z } from 'zod';
import { STATUTS, type Statut } from './status.ts';

export const STATUT_INVALID = 'Statut invalide';

/**
 * The status enum as a zod schema: request bodies and filters, and every response field holding an intervention's
 * status (so clients receive `Statut`, not `string`). Its own file so that lifecycle and dashboard schemas can use
 * it without importing intervention-schemas.ts (which imports them).
 */
export const statutSchema = z.enum(STATUTS as [Statut, ...Statut[]], { error: STATUT_INVALID });
