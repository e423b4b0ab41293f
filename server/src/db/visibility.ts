import type { Visibility } from '@gmao/domain/auth/visibility';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The ONE SQL form of a user's visibility (domain/src/auth/visibility.ts): true for a row whose client id (the
 * expression `clientId`, e.g. sql`i.client_id`) the user may see. Every repository that lists, counts, exports or
 * reads clients, equipment, interventions, plans or reports ANDs it into its WHERE; `company` is a literal TRUE, so
 * the whole-company plans are unchanged. A row without client (NULL) is visible to the company only.
 */
export function clientVisible(v: Visibility, clientId: SQL): SQL {
  if (v.kind === 'company') return sql`TRUE`;
  if (v.kind === 'client') return sql`(${clientId} = ${v.clientId})`;
  if (v.sectionIds.length === 0) return sql`FALSE`;
  return sql`(${clientId} IN (SELECT vc.id FROM clients vc WHERE vc.section_id = ANY(${[...v.sectionIds]}::int[])))`;
}
