import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { formatCurrency, formatDateTime, formatNumber, plural } from '@gmao/domain/format/format';
import { STOCK_LABELS as L, LOCATION_TYPE_LABELS } from '@gmao/domain/stock/stock-labels';
import {
  type LocationType,
  MOVEMENT_LABELS,
  type PartDetail,
  STOCK_MESSAGES,
  type StockMovement,
} from '@gmao/domain/stock/stock-schemas';
import { ArrowLeftRight, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { DeleteConfirmDialog } from '../../../components/ui/delete-confirm-dialog';
import { DetailSection } from '../../../components/ui/detail-section';
import { Modal } from '../../../components/ui/modal';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { usePermissions } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { MOVEMENTS_PAGE_SIZE, useDeletePart, useLocations, usePart, usePartMovements } from '../api/stock';
import { MovementFormModal } from './movement-form-modal';
import { PartFormModal } from './part-form-modal';
import { PartPhoto } from './part-photo';

const qty = (n: number) => formatNumber(n, { maximumFractionDigits: 3 });
const signed = (n: number) => (n > 0 ? `+${qty(n)}` : qty(n));
const locationTypeLabel = (t: string) => LOCATION_TYPE_LABELS[t as LocationType] ?? t;

/** The part's figures per location and their total. */
function StockTable({ part }: { part: PartDetail }) {
  const { locations, total } = part.stock;
  if (locations.length === 0) return <p className="text-sm text-slate-500">{L.noStock}</p>;
  const th = 'px-3 py-2 text-left text-xs font-medium uppercase tracking-wide text-slate-500';
  const num = 'px-3 py-2 text-right tabular-nums';
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm text-slate-700">
        <caption className="sr-only">{L.sectionStock}</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className={th}>
              {L.location}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {L.onHand}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {L.reserved}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {L.available}
            </th>
          </tr>
        </thead>
        <tbody>
          {locations.map((l) => (
            <tr key={l.location_id} className="border-b border-slate-100">
              <th scope="row" className="px-3 py-2 text-left font-normal">
                {l.location_nom}
                <span className="block text-xs text-slate-500">{locationTypeLabel(l.location_type)}</span>
              </th>
              <td className={num}>{qty(l.on_hand)}</td>
              <td className={num}>{qty(l.reserved)}</td>
              <td className={num}>{qty(l.available)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="font-semibold text-slate-900">
            <th scope="row" className="px-3 py-2 text-left">
              {L.total}
            </th>
            <td className={num}>{qty(total.on_hand)}</td>
            <td className={num}>{qty(total.reserved)}</td>
            <td className={num}>{qty(total.available)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The part's ledger, the most recent first, paged. */
function MovementsHistory({ part }: { part: PartDetail }) {
  const [page, setPage] = useState(1);
  const movements = usePartMovements(part.id, page);
  const locations = useLocations();
  const nameOf = (id: number) => locations.data?.data.find((l) => l.id === id)?.nom ?? `#${id}`;
  const columns: DataTableColumn<StockMovement>[] = [
    { key: 'type', header: L.colType, render: (m) => MOVEMENT_LABELS[m.type] },
    {
      key: 'quantite',
      header: L.colQuantity,
      className: 'whitespace-nowrap tabular-nums',
      render: (m) => `${signed(m.quantite)} ${plural(m.quantite, part.unite)}`,
    },
    { key: 'location', header: L.location, render: (m) => nameOf(m.location_id) },
    { key: 'date', header: L.colDate, className: 'whitespace-nowrap', render: (m) => formatDateTime(m.createdAt) },
    { key: 'motif', header: L.colMotif, render: (m) => m.motif ?? '-' },
    {
      key: 'intervention',
      header: L.colIntervention,
      render: (m) =>
        m.intervention_id ? (
          <Link className="text-blue-700 underline-offset-2 hover:underline" to={`/interventions/${m.intervention_id}`}>
            {L.interventionLink(m.intervention_id)}
          </Link>
        ) : (
          '-'
        ),
    },
  ];
  if (movements.isError && !movements.data) return <p className="text-sm text-slate-500">{L.movementsLoadError}</p>;
  return (
    <div>
      <DataTable
        caption={L.sectionMovements}
        columns={columns}
        rows={movements.data?.data}
        loading={movements.isPending}
        rowKey={(m) => m.id}
        emptyMessage={L.noMovements}
      />
      {(movements.data?.pagination.total ?? 0) > MOVEMENTS_PAGE_SIZE && (
        <Pagination
          page={page}
          limit={MOVEMENTS_PAGE_SIZE}
          total={movements.data?.pagination.total ?? 0}
          onPageChange={setPage}
          onLimitChange={() => undefined}
          pageSizes={[MOVEMENTS_PAGE_SIZE]}
        />
      )}
    </div>
  );
}

/**
 * A part's detail (stock:read): its fields, its stock per location with the total, its movements. Managers record a
 * movement, edit the part, or delete it (the server refuses a part that has movements: its message is shown).
 */
export function PartDetailModal({ partId, onClose }: { partId: number; onClose: () => void }) {
  const { can } = usePermissions();
  const manages = can(PERMISSIONS.STOCK_MANAGE);
  const query = usePart(partId);
  const part = query.data?.data;
  const remove = useDeletePart(partId);
  const [action, setAction] = useState<'movement' | 'edit' | 'delete' | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const onDelete = async () => {
    try {
      await remove.mutateAsync();
      notify.success(STOCK_MESSAGES.partDeleted);
      onClose();
    } catch (err) {
      const message = err instanceof ApiError ? (err.serverMessage ?? err.message) : STOCK_MESSAGES.partInUse;
      setAction(null);
      setRefusal(message);
      notify.error(message);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      fill
      scrollFocusable
      size="4xl"
      closeOnOverlayClick={false}
      title={part ? `${part.reference} — ${part.designation}` : L.detailTitle}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {L.closeAction}
          </Button>
          {!query.isError && manages && (
            <>
              <Button variant="danger" disabled={!part} onClick={() => setAction('delete')}>
                <Trash2 className="h-4 w-4" aria-hidden="true" /> {L.deleteAction}
              </Button>
              <Button variant="secondary" disabled={!part} onClick={() => setAction('edit')}>
                <Pencil className="h-4 w-4" aria-hidden="true" /> {L.editAction}
              </Button>
              <Button disabled={!part} onClick={() => setAction('movement')}>
                <ArrowLeftRight className="h-4 w-4" aria-hidden="true" /> {L.movementAction}
              </Button>
            </>
          )}
        </>
      }
    >
      {query.isError ? (
        <p className="py-10 text-center text-slate-500">{L.detailLoadError}</p>
      ) : !part ? (
        <div className="flex justify-center py-10">
          <Spinner size="lg" label={L.detailLoading} />
        </div>
      ) : (
        <div className="space-y-4">
          {refusal && (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
              {refusal}
            </p>
          )}
          <DetailSection
            title={L.sectionPart}
            items={[
              [L.colReference, part.reference],
              [L.colDesignation, part.designation],
              [L.famille, part.famille],
              [L.unite, part.unite],
              [L.prixUnitaire, formatCurrency(part.prix_unitaire)],
              [L.seuil, qty(part.seuil_reappro)],
              [L.quantiteReappro, qty(part.quantite_reappro)],
              [
                L.fournisseurs,
                part.fournisseurs.length > 0 ? <SupplierList key="fournisseurs" suppliers={part.fournisseurs} /> : null,
              ],
              [L.typesEquipement, part.types_equipement.join(', ')],
            ]}
          />
          <DetailSection title={L.sectionPhoto}>
            <PartPhoto part={part} manages={manages} />
          </DetailSection>
          <DetailSection title={L.sectionStock}>
            <StockTable part={part} />
          </DetailSection>
          <DetailSection title={L.sectionMovements}>
            <MovementsHistory part={part} />
          </DetailSection>
        </div>
      )}
      {part && action === 'movement' && <MovementFormModal part={part} onClose={() => setAction(null)} />}
      {part && action === 'edit' && <PartFormModal part={part} onClose={() => setAction(null)} />}
      <DeleteConfirmDialog
        open={action === 'delete'}
        item={part ? `${part.reference} — ${part.designation}` : ''}
        loading={remove.isPending}
        onConfirm={() => void onDelete()}
        onCancel={() => setAction(null)}
      />
    </Modal>
  );
}

/** The part's suppliers, one per line: name, ICE, contact, lead time. */
function SupplierList({ suppliers }: { suppliers: PartDetail['fournisseurs'] }) {
  return (
    <ul className="space-y-1">
      {suppliers.map((f, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: suppliers have no id; the list is only read
        <li key={i}>
          <span className="font-medium">{f.nom}</span>
          {[
            f.ice && `${L.supplierIce} ${f.ice}`,
            f.contact,
            f.delai_jours !== null && L.supplierDelaiShort(f.delai_jours),
          ]
            .filter(Boolean)
            .map((x) => ` · ${x}`)
            .join('')}
        </li>
      ))}
    </ul>
  );
}
