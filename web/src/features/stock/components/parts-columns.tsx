import { formatCurrency, formatNumber, plural } from '@gmao/domain/format/format';
import type { Part } from '@gmao/domain/stock/stock-schemas';
import { Badge } from '../../../components/ui/badge';
import type { DataTableColumn } from '../../../components/ui/data-table';

/** A stock quantity: up to three decimals (litres, metres…), French separators. */
export const qty = (n: number) => formatNumber(n, { maximumFractionDigits: 3 });

/** The catalogue table's columns: what is available (on hand less reserved), the threshold, the price, low or OK. */
export const partColumns: DataTableColumn<Part>[] = [
  {
    key: 'reference',
    header: 'Référence',
    render: (p) => <span className="font-medium text-slate-900">{p.reference}</span>,
  },
  { key: 'designation', header: 'Désignation', render: (p) => p.designation },
  {
    key: 'available',
    header: 'Disponible',
    render: (p) => (
      <span>
        {qty(p.available)} {plural(p.available, p.unite)}
        <span className="block text-xs text-slate-500">
          en stock {qty(p.on_hand)}, réservé {qty(p.reserved)}
        </span>
      </span>
    ),
  },
  { key: 'seuil', header: 'Seuil', render: (p) => qty(p.seuil_reappro) },
  {
    key: 'prix',
    header: 'Prix unitaire',
    className: 'whitespace-nowrap',
    render: (p) => formatCurrency(p.prix_unitaire),
  },
  {
    key: 'etat',
    header: 'État',
    render: (p) => (p.low_stock ? <Badge tone="red">Stock bas</Badge> : <Badge tone="green">OK</Badge>),
  },
];
