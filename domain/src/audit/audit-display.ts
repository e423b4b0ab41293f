import { PERMISSION_DESCRIPTIONS } from '../auth/permissions.ts';
import { formatDateTime } from '../format/format.ts';
import { auditEntityTypeLabel } from './audit-messages.ts';
import type { AuditEntry } from './audit-schemas.ts';

/**
 * The before/after snapshots of an audit row as a list an administrator reads: one line per field whose value
 * differs ('nom : Atelier → Atelier Nord'). A creation has no 'before' and lists every field it set; a deletion has
 * no 'after' and lists every field it removed; an update lists the fields both snapshots hold whose value changed.
 */
export interface AuditChange {
  /** The snapshot's key; '' when a snapshot is not an object (a bare value or a list). */
  field: string;
  before: unknown;
  after: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const hasBefore = before !== null && before !== undefined;
  const hasAfter = after !== null && after !== undefined;
  if (!hasBefore && !hasAfter) return [];
  if ((hasBefore && !isRecord(before)) || (hasAfter && !isRecord(after))) {
    return same(before, after) ? [] : [{ field: '', before: before ?? null, after: after ?? null }];
  }
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  // When both snapshots exist, a field only one of them holds was not captured by the other (an update's 'before'
  // is often the whole row, its 'after' the input): its old or new value is unknown, not empty, so it is not listed.
  const fields =
    hasBefore && hasAfter ? Object.keys(b).filter((k) => Object.hasOwn(a, k)) : Object.keys(hasBefore ? b : a);
  return fields
    .filter((field) => !same(b[field], a[field]))
    .map((field) => ({ field, before: b[field] ?? null, after: a[field] ?? null }));
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A string as an administrator reads it: a permission by its French label, a date or an instant as fr-FR. */
function auditStringText(value: string): string {
  const permission = (PERMISSION_DESCRIPTIONS as Record<string, string>)[value];
  if (permission) return permission;
  const day = CALENDAR_DAY.exec(value);
  if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  if (INSTANT.test(value)) return formatDateTime(value, { seconds: true });
  return value;
}

/**
 * One snapshot value as text: '—' for nothing, 'oui'/'non', permissions by their label, dates as '02/05/2024'
 * (an instant with its time), lists joined with commas, objects as JSON.
 */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  if (typeof value === 'string') return auditStringText(value);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(auditValueText).join(', ');
  return JSON.stringify(value);
}

/** 'Section #12'; the type alone when the event has no id; '—' when it names no object. */
export function auditEntityText(entry: Pick<AuditEntry, 'entityType' | 'entityId'>): string {
  if (!entry.entityType) return entry.entityId ? `#${entry.entityId}` : '—';
  const label = auditEntityTypeLabel(entry.entityType);
  return entry.entityId ? `${label} #${entry.entityId}` : label;
}
