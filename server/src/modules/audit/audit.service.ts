import {
  type AuditAction,
  type AuditEntry,
  type AuditFilters,
  auditActionLabel,
} from '@gmao/domain/audit/audit-schemas';
import { makePagination } from '@gmao/domain/common/api';
import type { DbOrTx } from '../../db/database.ts';
import { csvFileStream, frDateTime, pagedRows } from '../../lib/csv.ts';
import { type AuditRow, countAudit, insertAudit, listAudit, purgeAuditOlderThan } from './audit.repository.ts';
import { currentRequest } from './audit-context.ts';

export interface AuditEvent {
  action: AuditAction;
  entityType?: string;
  entityId?: string | number | null;
  /** One French sentence an administrator reads in the list. */
  summary?: string;
  before?: unknown;
  after?: unknown;
  /** Who acted, when it is not the authenticated user of the request (a login, a failed login). */
  actor?: { id: number | null; username: string | null };
}

/** Keys never copied into before/after snapshots. */
const SECRET_KEYS = /password|hash|token|secret/i;

function scrub(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.map(scrub);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k]) => !SECRET_KEYS.test(k))
        .map(([k, v]) => [k, scrub(v)]),
    );
  }
  return value;
}

/**
 * Records one event. Pass the transaction of the change (`tx`) so that the row commits or rolls back with it; who
 * and where come from the request being served (audit-context), unless the event names its actor.
 */
export async function recordAudit(db: DbOrTx, event: AuditEvent): Promise<void> {
  const request = currentRequest();
  const user = request?.currentUser ?? null;
  await insertAudit(db, {
    action: event.action,
    actorId: event.actor ? event.actor.id : (user?.id ?? null),
    actorUsername: (event.actor ? event.actor.username : (user?.username ?? null))?.slice(0, 100) ?? null,
    entityType: event.entityType ?? event.action.split('.')[0] ?? null,
    entityId: event.entityId === undefined || event.entityId === null ? null : String(event.entityId),
    summary: event.summary ?? null,
    before: scrub(event.before),
    after: scrub(event.after),
    ip: request?.ip ?? null,
    requestId: request ? String(request.id).slice(0, 64) : null,
  });
}

function toEntry(r: AuditRow): AuditEntry {
  return {
    id: Number(r.id),
    at: new Date(r.at).toISOString(),
    action: r.action,
    actorId: r.actor_id,
    actorUsername: r.actor_username,
    entityType: r.entity_type,
    entityId: r.entity_id,
    summary: r.summary,
    before: r.before ?? null,
    after: r.after ?? null,
    ip: r.ip,
    requestId: r.request_id,
  };
}

export async function listAuditEntries(db: DbOrTx, query: AuditFilters & { page: number; limit: number }) {
  const { page, limit, ...filters } = query;
  const [total, rows] = await Promise.all([
    countAudit(db, filters),
    listAudit(db, filters, { limit, offset: (page - 1) * limit }),
  ]);
  return { data: rows.map(toEntry), pagination: makePagination(total, page, limit) };
}

export const AUDIT_CSV_COLUMNS = [
  ['at', 'Date'],
  ['action', 'Événement'],
  ['actor', 'Utilisateur'],
  ['entity', 'Objet'],
  ['summary', 'Détail'],
  ['before', 'Avant'],
  ['after', 'Après'],
  ['ip', 'Adresse'],
  ['requestId', 'Requête'],
] as const;

const CSV_PAGE = 2000;

/** The filtered log as CSV, newest first, read by keyset pages so memory stays flat. */
export function auditCsv(db: DbOrTx, filters: AuditFilters) {
  async function* records() {
    const rows = pagedRows<AuditRow>(
      (after) =>
        listAudit(db, filters, { limit: CSV_PAGE, after: after && { at: new Date(after.at), id: Number(after.id) } }),
      CSV_PAGE,
    );
    for await (const r of rows) {
      yield {
        at: frDateTime(r.at),
        action: auditActionLabel(r.action),
        actor: r.actor_username ?? '',
        entity: [r.entity_type, r.entity_id].filter(Boolean).join(' #'),
        summary: r.summary ?? '',
        before: r.before ? JSON.stringify(r.before) : '',
        after: r.after ? JSON.stringify(r.after) : '',
        ip: r.ip ?? '',
        requestId: r.request_id ?? '',
      };
    }
  }
  return csvFileStream(AUDIT_CSV_COLUMNS, records());
}

export const purgeAudit = purgeAuditOlderThan;

/** An export (CSV or PDF) with the filters that chose its rows. */
export function recordExport(db: DbOrTx, format: 'csv' | 'pdf', what: string, filters: unknown, entityId?: number) {
  return recordAudit(db, {
    action: format === 'csv' ? 'export.csv' : 'export.pdf',
    entityType: 'export',
    entityId: entityId ?? null,
    summary: `Export ${format.toUpperCase()} : ${what}`,
    after: filters,
  });
}
