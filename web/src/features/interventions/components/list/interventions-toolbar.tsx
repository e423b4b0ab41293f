import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import type { Scope } from '@gmao/domain/interventions/lifecycle-schemas';
import { Plus } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import type { RequestOptions } from '../../../../lib/api-client';
import { usePermissions } from '../../../../lib/session';
import { ExportMenu } from '../export/export-menu';
import { type InterventionFilterValues, InterventionsFilters } from './interventions-filters';
import { ScopeSelector } from './scope-selector';

/** Above the list: scope (Actives / Archivées / Corbeille), filters, 'Exporter' and 'Nouvelle Intervention'. */
export function InterventionsToolbar({
  filters,
  onFiltersChange,
  scope,
  onScopeChange,
  exportQuery,
  onCreate,
}: {
  filters: InterventionFilterValues;
  onFiltersChange: (next: InterventionFilterValues) => void;
  scope: Scope;
  onScopeChange: (scope: Scope) => void;
  exportQuery: RequestOptions['query'];
  onCreate: () => void;
}) {
  const { can } = usePermissions();
  return (
    <div className="mb-4 space-y-3">
      <ScopeSelector value={scope} onChange={onScopeChange} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <InterventionsFilters value={filters} onChange={onFiltersChange} />
        <div className="flex flex-wrap items-center gap-2">
          <ExportMenu filters={exportQuery} />
          {can(PERMISSIONS.INTERVENTIONS_CREATE) && scope === 'active' && (
            <Button onClick={onCreate}>
              <Plus className="h-4 w-4" aria-hidden="true" /> Nouvelle Intervention
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
