import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { STOCK_LABELS as L, LOCATION_TYPE_LABELS } from '@gmao/domain/stock/stock-labels';
import {
  LOCATION_TYPES,
  type LocationInput,
  locationInputSchema,
  STOCK_MESSAGES,
  type StockLocation,
} from '@gmao/domain/stock/stock-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { FormField, fieldAria, inputClass } from '../../../components/ui/form-field';
import { FormModal } from '../../../components/ui/form-modal';
import { FormTextField } from '../../../components/ui/form-text-field';
import { LoadErrorState } from '../../../components/ui/load-error-state';
import { usePermissions } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useCreateLocation, useLocations, useStockClients, useStockSections, useStockTechnicians } from '../api/stock';
import { StockSettingsField } from './stock-settings';

type FormValues = z.input<typeof locationInputSchema>;
const emptyToNull = (v: unknown) => (v === '' ? null : v);

/** A new location (stock:manage): a store, a technician's vehicle, or a client's site. */
function LocationFormModal({ onClose }: { onClose: () => void }) {
  const create = useCreateLocation();
  const form = useForm<FormValues, unknown, LocationInput>({
    resolver: zodResolver(locationInputSchema),
    defaultValues: { nom: '', type: 'MAGASIN', technicien_id: null, client_id: null, section_id: null },
  });
  const type = form.watch('type');
  const technicians = useStockTechnicians(type === 'VEHICULE');
  const clients = useStockClients(type === 'SITE');
  const sections = useStockSections();
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await create.mutateAsync({
        ...input,
        technicien_id: input.type === 'VEHICULE' ? input.technicien_id : null,
        client_id: input.type === 'SITE' ? input.client_id : null,
      });
      notify.success(STOCK_MESSAGES.locationCreated);
      onClose();
    } catch {
      // the API client has shown the server's message (a name already used…)
    }
  });
  const select = (
    name: 'type' | 'technicien_id' | 'client_id' | 'section_id',
    label: string,
    children: ReactNode,
    required = true,
  ) => {
    const id = `location-${name}`;
    const error = errors[name]?.message as string | undefined;
    return (
      <FormField label={label} htmlFor={id} required={required} error={error}>
        <select
          id={id}
          className={inputClass(!!error)}
          {...fieldAria(id, error)}
          {...form.register(name, name === 'type' ? {} : { setValueAs: emptyToNull })}
        >
          {children}
        </select>
      </FormField>
    );
  };
  return (
    <FormModal
      open
      onClose={onClose}
      title={L.newLocationTitle}
      size="md"
      formId="location-form"
      saving={create.isPending}
      submitLabel={L.newLocationSubmit}
    >
      <form id="location-form" onSubmit={onSubmit} noValidate className="space-y-4">
        <FormTextField form={form} name="nom" label={L.locationNom} idPrefix="location" required />
        {select(
          'type',
          L.locationType,
          LOCATION_TYPES.map((t) => (
            <option key={t} value={t}>
              {LOCATION_TYPE_LABELS[t]}
            </option>
          )),
        )}
        {type === 'VEHICULE' &&
          select(
            'technicien_id',
            L.locationTechnicien,
            <>
              <option value="">{L.chooseTechnicien}</option>
              {technicians.data?.data.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.nom}
                </option>
              ))}
            </>,
          )}
        {type === 'SITE' &&
          select(
            'client_id',
            L.locationClient,
            <>
              <option value="">{L.chooseClient}</option>
              {clients.data?.data.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.nom_entreprise}
                </option>
              ))}
            </>,
          )}
        {select(
          'section_id',
          L.locationSection,
          <>
            <option value="">{L.locationSectionNone}</option>
            {sections.data?.data.map((s) => (
              <option key={s.id} value={s.id}>
                {s.nom}
              </option>
            ))}
          </>,
          false,
        )}
      </form>
    </FormModal>
  );
}

const columns: DataTableColumn<StockLocation>[] = [
  {
    key: 'nom',
    header: L.locationNom,
    render: (l) => <span className="font-medium text-slate-900">{l.nom}</span>,
  },
  { key: 'type', header: L.locationType, render: (l) => LOCATION_TYPE_LABELS[l.type] },
];

/** The 'Emplacements' tab: the stock locations; managers add one. */
export function LocationsPanel() {
  const { can } = usePermissions();
  const locations = useLocations();
  const [creating, setCreating] = useState(false);
  return (
    <section aria-labelledby="stock-locations-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="stock-locations-title" className="text-lg font-semibold text-slate-900">
          {L.locationsTitle}
        </h2>
        {can(PERMISSIONS.STOCK_MANAGE) && (
          <Button onClick={() => setCreating(true)}>
            <Plus className="h-4 w-4" aria-hidden="true" /> {L.newLocationAction}
          </Button>
        )}
      </div>
      {locations.isError && !locations.data ? (
        <LoadErrorState description={L.locationsLoadError} onRetry={() => void locations.refetch()} />
      ) : (
        <DataTable
          caption={L.locationsTitle}
          columns={columns}
          rows={locations.data?.data}
          loading={locations.isPending}
          rowKey={(l) => l.id}
          emptyMessage={L.locationsEmpty}
        />
      )}
      <StockSettingsField />
      {creating && <LocationFormModal onClose={() => setCreating(false)} />}
    </section>
  );
}
