import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { formatDate } from '@gmao/domain/format/format';
import { type Habilitation, HABILITATION_UI as U } from '@gmao/domain/habilitations/habilitation-schemas';
import { HABILITATION_MESSAGES as M } from '@gmao/domain/habilitations/symbols';
import { Eye } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '../../../components/layout/page-header';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { inputClass } from '../../../components/ui/form-field';
import { LoadErrorState } from '../../../components/ui/load-error-state';
import { Modal } from '../../../components/ui/modal';
import { Pagination } from '../../../components/ui/pagination';
import { RowAction } from '../../../components/ui/row-action';
import { SearchInput } from '../../../components/ui/search-input';
import { usePermissions } from '../../../lib/session';
import { usePaging } from '../../../lib/use-paging';
import { useHabilitations } from '../api/habilitations';
import { symbolLabel, TitleStateBadge } from './title-state-badge';
import { TitreDocumentActions } from './titre-document-actions';
import { UserHabilitations } from './user-habilitations';

const columns: DataTableColumn<Habilitation>[] = [
  { key: 'holder', header: U.holder, render: (h) => <span className="font-medium text-slate-900">{h.user_nom}</span> },
  { key: 'symbole', header: U.symbole, render: (h) => symbolLabel(h) },
  { key: 'domaine', header: U.domaine, render: (h) => h.domaine },
  {
    key: 'validite',
    header: U.validity,
    className: 'whitespace-nowrap',
    render: (h) => `${formatDate(h.delivree_le)} → ${formatDate(h.valide_jusqu_au)}`,
  },
  { key: 'etat', header: U.state, render: (h) => <TitleStateBadge title={h} /> },
  { key: 'signataire', header: U.signataire, render: (h) => h.signataire },
];

/**
 * /admin/habilitations (habilitations:manage): every titre, soonest expiry first; search on the holder, the symbol or
 * the signatory; « Expire avant le » narrows to the titres to renew. A row opens the holder's titres (history, renew).
 */
export function HabilitationsScreen() {
  const paging = usePaging();
  const { can } = usePermissions();
  const [search, setSearch] = useState('');
  const [before, setBefore] = useState('');
  const [holder, setHolder] = useState<{ id: number; nom: string } | null>(null);
  const query = useHabilitations({
    page: paging.page,
    limit: paging.limit,
    search: search || undefined,
    expire_avant: before || undefined,
  });
  const open = (h: Habilitation) => setHolder({ id: h.user_id, nom: h.user_nom });

  return (
    <section className="space-y-4">
      <PageHeader title={M.pageTitle} description={U.pageDescription} />
      <div className="flex flex-wrap items-end gap-3">
        <SearchInput
          className="w-full min-w-0 sm:w-auto sm:min-w-60 sm:flex-1"
          value={search}
          placeholder={U.searchPlaceholder}
          aria-label={U.searchLabel}
          onChange={(v) => {
            setSearch(v);
            paging.firstPage();
          }}
        />
        <label className="text-sm text-slate-700" htmlFor="habilitations-expire-avant">
          {U.expireAvant}
          <input
            id="habilitations-expire-avant"
            type="date"
            className={`${inputClass()} mt-1`}
            value={before}
            onChange={(e) => {
              setBefore(e.target.value);
              paging.firstPage();
            }}
          />
        </label>
      </div>
      {query.isError && !query.data ? (
        <LoadErrorState description={U.loadError} onRetry={() => void query.refetch()} />
      ) : (
        <div>
          <DataTable
            caption={M.pageTitle}
            columns={columns}
            rows={query.data?.data}
            loading={query.isPending}
            rowKey={(h) => h.id}
            onRowClick={open}
            emptyMessage={search || before ? U.emptyFiltered : M.empty}
            actions={(h) => (
              <>
                <TitreDocumentActions title={h} canManage />
                <RowAction label={`Voir les titres de ${h.user_nom}`} icon={Eye} onClick={() => open(h)} />
              </>
            )}
          />
          <Pagination {...paging.pagination} total={query.data?.pagination.total ?? 0} />
        </div>
      )}
      {holder && (
        <Modal open onClose={() => setHolder(null)} title={`${U.tab} — ${holder.nom}`} size="3xl">
          <UserHabilitations userId={holder.id} nom={holder.nom} canManage={can(PERMISSIONS.HABILITATIONS_MANAGE)} />
        </Modal>
      )}
    </section>
  );
}
