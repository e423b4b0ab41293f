import { formatCurrency, formatNumber, plural } from '@gmao/domain/format/format';
import { STOCK_LABELS as L } from '@gmao/domain/stock/stock-labels';
import type { StockSuggestion } from '@gmao/domain/stock/stock-schemas';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { LoadErrorState } from '../../../components/ui/load-error-state';
import { useSuggestions } from '../api/stock';

const qty = (n: number) => formatNumber(n, { maximumFractionDigits: 3 });

const columns: DataTableColumn<StockSuggestion>[] = [
  {
    key: 'reference',
    header: L.colReference,
    render: (s) => <span className="font-medium text-slate-900">{s.reference}</span>,
  },
  { key: 'designation', header: L.colDesignation, render: (s) => s.designation },
  { key: 'available', header: L.available, render: (s) => `${qty(s.available)} ${plural(s.available, s.unite)}` },
  { key: 'seuil', header: L.colSeuil, render: (s) => qty(s.seuil_reappro) },
  {
    key: 'suggested',
    header: L.colSuggested,
    render: (s) => `${qty(s.quantite_suggeree)} ${plural(s.quantite_suggeree, s.unite)}`,
  },
  {
    key: 'fournisseur',
    header: L.colFournisseur,
    render: (s) =>
      s.fournisseur ? (
        <span>
          {s.fournisseur}
          {s.delai_jours !== null && (
            <span className="block text-xs text-slate-500">{L.supplierDelaiShort(s.delai_jours)}</span>
          )}
        </span>
      ) : (
        '-'
      ),
  },
  {
    key: 'montant',
    header: L.colMontant,
    className: 'whitespace-nowrap text-right',
    render: (s) => formatCurrency(s.montant),
  },
];

/** The 'À commander' tab: what to order for the parts under their threshold, with the order's total in MAD. */
export function SuggestionsPanel() {
  const suggestions = useSuggestions();
  const rows = suggestions.data?.data;
  const total = Math.round((rows ?? []).reduce((sum, s) => sum + s.montant, 0) * 100) / 100;
  return (
    <section aria-labelledby="stock-suggestions-title" className="space-y-4">
      <h2 id="stock-suggestions-title" className="text-lg font-semibold text-slate-900">
        {L.suggestionsTitle}
      </h2>
      {suggestions.isError && !suggestions.data ? (
        <LoadErrorState description={L.suggestionsLoadError} onRetry={() => void suggestions.refetch()} />
      ) : (
        <>
          <DataTable
            caption={L.suggestionsTitle}
            columns={columns}
            rows={rows}
            loading={suggestions.isPending}
            rowKey={(s) => s.part_id}
            emptyMessage={L.suggestionsEmpty}
          />
          {rows && rows.length > 0 && (
            <p className="text-right text-sm text-slate-700" data-testid="suggestions-total">
              {L.suggestionsTotal} : <span className="font-semibold text-slate-900">{formatCurrency(total)}</span>
            </p>
          )}
        </>
      )}
    </section>
  );
}
