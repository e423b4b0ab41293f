import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../../components/ui/button';

/** Label/value rows of a saved record; empty values are left out. */
export function RecordFields({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {rows
        .filter(([, v]) => v !== null && v !== undefined && v !== '')
        .map(([label, value]) => (
          <div key={label} className="sm:col-span-2">
            <dt className="text-slate-500">{label}</dt>
            <dd className="whitespace-pre-line font-medium text-slate-900">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** A saved record (or its empty text) with the button that opens its form, for whoever may edit. */
export function RecordView({
  empty,
  emptyText,
  editLabel,
  canEdit,
  onEdit,
  footer,
  children,
}: {
  empty: boolean;
  emptyText: string;
  editLabel: string;
  canEdit: boolean;
  onEdit: () => void;
  footer?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 p-3">
      {empty ? <p className="text-sm text-slate-500">{emptyText}</p> : children}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-xs text-slate-500">{footer}</span>
        {canEdit && (
          <Button size="sm" variant="secondary" onClick={onEdit}>
            <Pencil className="h-3.5 w-3.5" aria-hidden="true" /> {editLabel}
          </Button>
        )}
      </div>
    </div>
  );
}

/** Cancel / save buttons of an inline record form. */
export function RecordFormButtons({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="secondary" onClick={onCancel} disabled={saving}>
        Annuler
      </Button>
      <Button type="submit" loading={saving}>
        Enregistrer
      </Button>
    </div>
  );
}
