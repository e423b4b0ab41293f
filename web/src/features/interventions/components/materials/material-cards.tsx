import { formatCurrency, formatNumber } from '@gmao/domain/format/format';
import type { Material } from '@gmao/domain/interventions/material-schemas';
import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../../../components/ui/button';

/**
 * The materials on a phone (issue 30): one card per line — designation and reference, quantity × unit price, the
 * line's total, its actions within reach — instead of a six-column table whose actions sit off-screen.
 */
export function MaterialCards({
  items,
  total,
  canChange,
  onEdit,
  onDelete,
}: {
  items: Material[];
  total: string;
  canChange: (m: Material) => boolean;
  onEdit: (m: Material) => void;
  onDelete: (m: Material) => void;
}) {
  return (
    <div className="space-y-2">
      <ul aria-label="Matériel utilisé" className="space-y-2">
        {items.map((m) => (
          <li key={m.id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{m.designation}</p>
                {m.reference && <p className="text-xs text-slate-500 [overflow-wrap:anywhere]">{m.reference}</p>}
              </div>
              {canChange(m) && (
                <div className="flex shrink-0 gap-1">
                  <Button size="sm" variant="ghost" aria-label={`Modifier ${m.designation}`} onClick={() => onEdit(m)}>
                    <Pencil className="h-4 w-4" aria-hidden="true" />
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Supprimer ${m.designation}`}
                    onClick={() => onDelete(m)}
                  >
                    <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
                  </Button>
                </div>
              )}
            </div>
            <p className="mt-1 flex flex-wrap justify-between gap-x-3 text-slate-600">
              <span>
                {formatNumber(Number(m.quantite))} × {formatCurrency(m.prixUnitaire)}
              </span>
              <span className="font-medium text-slate-900">{formatCurrency(m.total)}</span>
            </p>
          </li>
        ))}
      </ul>
      <p className="flex justify-between rounded-lg bg-slate-50 px-3 py-2 text-sm font-semibold text-slate-900">
        <span className="text-slate-700">Total matériel</span>
        <span data-testid="materials-total">{formatCurrency(total)}</span>
      </p>
    </div>
  );
}
