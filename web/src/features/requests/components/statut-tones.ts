import type { RequestStatut } from '@gmao/domain/requests/request-schemas';
import type { BadgeTone } from '../../../components/ui/badge';

/** A request's statut as a badge colour (the text says it too). */
export const STATUT_TONES: Record<RequestStatut, BadgeTone> = {
  NOUVELLE: 'blue',
  ACCEPTEE: 'green',
  REFUSEE: 'gray',
  FUSIONNEE: 'purple',
};
