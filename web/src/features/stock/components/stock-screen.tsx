import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { formatCurrency, formatNumber } from '@gmao/domain/format/format';
import { decodeCsvBytes, PARTS_CSV_MESSAGES } from '@gmao/domain/stock/parts-csv';
import { STOCK_LABELS } from '@gmao/domain/stock/stock-labels';
import { type Part, STOCK_MESSAGES } from '@gmao/domain/stock/stock-schemas';
import { AlertTriangle, Download, Eye, PackagePlus, Plus, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { PageHeader } from '../../../components/layout/page-header';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { FormField, inputClass } from '../../../components/ui/form-field';
import { FormModal } from '../../../components/ui/form-modal';
import { LoadErrorState } from '../../../components/ui/load-error-state';
import { Pagination } from '../../../components/ui/pagination';
import { RowAction } from '../../../components/ui/row-action';
import { SearchInput } from '../../../components/ui/search-input';
import { ApiError, type ErrorDetail } from '../../../lib/api-client';
import { usePermissions } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import {
  centralStore,
  downloadPartsCsv,
  PARTS_PAGE_SIZE,
  useImportParts,
  useLocations,
  useParts,
  useReception,
  useStockAlerts,
} from '../api/stock';
import { LocationsPanel } from './locations-panel';
import { PartDetailModal } from './part-detail-modal';
import { PartFormModal } from './part-form-modal';
import { StockTabs } from './stock-tabs';
import { SuggestionsPanel } from './suggestions-panel';

const qty = (n: number) => formatNumber(n, { maximumFractionDigits: 3 });

const columns: DataTableColumn<Part>[] = [
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
        {qty(p.available)} {p.unite}
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

function ReceptionModal({ part, onClose }: { part: Part; onClose: () => void }) {
  const locations = useLocations();
  const receive = useReception();
  const [quantite, setQuantite] = useState('');
  const [error, setError] = useState<string | null>(null);
  const store = centralStore(locations.data?.data);
  return (
    <FormModal
      open
      onClose={onClose}
      title={`Réception : ${part.designation}`}
      size="md"
      formId="reception-form"
      saving={receive.isPending}
      submitLabel="Entrer en stock"
    >
      <form
        id="reception-form"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          const n = Number(quantite.replace(',', '.'));
          if (!(n > 0)) return setError(STOCK_MESSAGES.quantiteInvalid);
          if (!store) return;
          try {
            await receive.mutateAsync({ part_id: part.id, location_id: store.id, quantite: n });
            notify.success(STOCK_MESSAGES.movementRecorded);
            onClose();
          } catch {
            // the API client has shown the server's message
          }
        }}
      >
        <FormField
          label={`Quantité reçue (${part.unite}) au ${store?.nom ?? 'magasin'}`}
          htmlFor="reception-qty"
          required
          error={error ?? undefined}
        >
          <input
            id="reception-qty"
            inputMode="decimal"
            className={inputClass(!!error)}
            value={quantite}
            onChange={(e) => {
              setQuantite(e.target.value);
              setError(null);
            }}
          />
        </FormField>
      </form>
    </FormModal>
  );
}

/** Export (everyone who reads the stock) and import (managers) of the catalogue as CSV; the import's line errors. */
function CatalogueCsv({ manages }: { manages: boolean }) {
  const importParts = useImportParts();
  const file = useRef<HTMLInputElement>(null);
  const [exporting, setExporting] = useState(false);
  const [lineErrors, setLineErrors] = useState<ErrorDetail[]>([]);
  const onFile = async (f: File | undefined) => {
    if (!f) return;
    setLineErrors([]);
    try {
      const res = await importParts.mutateAsync(decodeCsvBytes(new Uint8Array(await f.arrayBuffer())));
      notify.success(res.message ?? PARTS_CSV_MESSAGES.done(res.data.created, res.data.updated));
    } catch (err) {
      if (err instanceof ApiError) {
        notify.error(err.serverMessage ?? err.message);
        setLineErrors(err.details);
      }
    } finally {
      if (file.current) file.current.value = '';
    }
  };
  return (
    <>
      <Button
        variant="secondary"
        loading={exporting}
        onClick={async () => {
          setExporting(true);
          try {
            await downloadPartsCsv();
            notify.success(PARTS_CSV_MESSAGES.downloaded);
          } catch {
            // the API client has shown the server's message
          } finally {
            setExporting(false);
          }
        }}
      >
        <Download className="h-4 w-4" aria-hidden="true" /> {PARTS_CSV_MESSAGES.exportAction}
      </Button>
      {manages && (
        <>
          <input
            ref={file}
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            aria-label={PARTS_CSV_MESSAGES.importAction}
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
          <Button variant="secondary" loading={importParts.isPending} onClick={() => file.current?.click()}>
            <Upload className="h-4 w-4" aria-hidden="true" /> {PARTS_CSV_MESSAGES.importAction}
          </Button>
        </>
      )}
      {lineErrors.length > 0 && (
        <div role="alert" className="basis-full rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          <p className="font-medium">{PARTS_CSV_MESSAGES.importErrorsTitle}</p>
          <ul className="mt-1 max-h-48 list-disc overflow-auto pl-5">
            {lineErrors.map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a line may have several errors of the same text
              <li key={i}>
                {e.field ? `${e.field} : ` : ''}
                {e.msg ?? e.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

/** /stock (stock:read): the parts with what is available, low-stock alerts; managers add parts and receive stock. */
export function StockScreen() {
  const { can } = usePermissions();
  const manages = can(PERMISSIONS.STOCK_MANAGE);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const parts = useParts(search, page);
  const alerts = useStockAlerts();
  const [creating, setCreating] = useState(false);
  const [receiving, setReceiving] = useState<Part | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const [tab, setTab] = useState<'parts' | 'locations' | 'suggestions'>('parts');
  const low = alerts.data?.data ?? [];
  return (
    <section className="space-y-6">
      <PageHeader
        title="Pièces et stock"
        description="Le catalogue des pièces détachées, ce qui est disponible au magasin et ce qu'il faut commander."
        actions={
          <div className="flex flex-wrap justify-end gap-2">
            <CatalogueCsv manages={manages} />
            {manages && (
              <Button onClick={() => setCreating(true)}>
                <Plus className="h-4 w-4" aria-hidden="true" /> Nouvelle pièce
              </Button>
            )}
          </div>
        }
      />
      <StockTabs
        label={STOCK_LABELS.tabsLabel}
        active={tab}
        onSelect={setTab}
        tabs={[
          {
            id: 'parts',
            label: STOCK_LABELS.tabParts,
            render: () => (
              <>
                {low.length > 0 && (
                  <section aria-label="Stock bas" className="rounded-lg border border-red-200 bg-red-50/40 p-4">
                    <h2 className="flex items-center gap-2 text-sm font-semibold text-slate-800">
                      <AlertTriangle className="h-4 w-4 text-red-600" aria-hidden="true" /> Stock bas ({low.length})
                    </h2>
                    <ul className="mt-2 space-y-1 text-sm text-slate-700">
                      {low.map((a) => (
                        <li key={a.part_id}>
                          {a.reference} — {a.designation} : {qty(a.available)} {a.unite} disponible(s), seuil{' '}
                          {qty(a.seuil_reappro)}
                        </li>
                      ))}
                    </ul>
                  </section>
                )}
                <SearchInput
                  value={search}
                  onChange={(v) => {
                    setSearch(v);
                    setPage(1);
                  }}
                  placeholder="Référence ou désignation…"
                  aria-label="Rechercher une pièce"
                />
                {parts.isError && !parts.data ? (
                  <LoadErrorState
                    description="Impossible de charger les pièces."
                    onRetry={() => void parts.refetch()}
                  />
                ) : (
                  <div>
                    <DataTable
                      caption="Pièces détachées"
                      columns={columns}
                      rows={parts.data?.data}
                      loading={parts.isPending}
                      rowKey={(p) => p.id}
                      emptyMessage={search ? 'Aucune pièce ne correspond à la recherche' : 'Aucune pièce au catalogue'}
                      onRowClick={(p) => setViewing(p.id)}
                      actions={(p) => (
                        <>
                          <RowAction
                            label={`${STOCK_LABELS.viewAction} ${p.reference}`}
                            icon={Eye}
                            onClick={() => setViewing(p.id)}
                          />
                          {manages && (
                            <RowAction
                              label={`Réception ${p.reference}`}
                              icon={PackagePlus}
                              onClick={() => setReceiving(p)}
                            />
                          )}
                        </>
                      )}
                    />
                    <Pagination
                      page={page}
                      limit={PARTS_PAGE_SIZE}
                      total={parts.data?.pagination.total ?? 0}
                      onPageChange={setPage}
                      onLimitChange={() => undefined}
                      pageSizes={[PARTS_PAGE_SIZE]}
                    />
                  </div>
                )}
              </>
            ),
          },
          { id: 'locations', label: STOCK_LABELS.tabLocations, render: () => <LocationsPanel /> },
          { id: 'suggestions', label: STOCK_LABELS.tabSuggestions, render: () => <SuggestionsPanel /> },
        ]}
      />
      {creating && <PartFormModal onClose={() => setCreating(false)} />}
      {viewing !== null && <PartDetailModal partId={viewing} onClose={() => setViewing(null)} />}
      {receiving && <ReceptionModal part={receiving} onClose={() => setReceiving(null)} />}
    </section>
  );
}
