import { STOCK_LABELS as L } from '@gmao/domain/stock/stock-labels';
import {
  MOVEMENT_LABELS,
  MOVEMENT_TYPES,
  type MovementInput,
  movementInputSchema,
  type Part,
  STOCK_MESSAGES,
} from '@gmao/domain/stock/stock-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormField, fieldAria, inputClass } from '../../../components/ui/form-field';
import { FormModal } from '../../../components/ui/form-modal';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { centralStore, useLocations, useRecordMovement } from '../api/stock';

type FormValues = z.input<typeof movementInputSchema>;
const FIELDS = ['location_id', 'type', 'quantite', 'motif', 'location_dest_id'] as const;
const emptyToNull = (v: unknown) => (v === '' ? null : v);

/**
 * A stock movement of one part (stock:manage), validated on the form with the server's schema: a reception, an
 * issue, a transfer to another location, a signed adjustment with its reason, a return. The server's refusal
 * (not enough stock…) shows under the fields.
 */
export function MovementFormModal({ part, onClose }: { part: Part; onClose: () => void }) {
  const locations = useLocations();
  const record = useRecordMovement();
  const [serverError, setServerError] = useState<string | null>(null);
  const list = locations.data?.data ?? [];
  const form = useForm<FormValues, unknown, MovementInput>({
    resolver: zodResolver(movementInputSchema),
    values: {
      part_id: part.id,
      type: 'SORTIE',
      location_id: String(centralStore(list)?.id ?? ''),
      location_dest_id: null,
      quantite: '',
      motif: '',
    },
    resetOptions: { keepDirtyValues: true },
  });
  const type = form.watch('type');
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async (input) => {
    setServerError(null);
    try {
      await record.mutateAsync(input.type === 'TRANSFERT' ? input : { ...input, location_dest_id: null });
      notify.success(STOCK_MESSAGES.movementRecorded);
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      setServerError(err.serverMessage ?? err.message);
      for (const d of err.details) {
        const field = FIELDS.find((f) => f === d.field);
        if (field) form.setError(field as Path<FormValues>, { message: d.msg ?? d.message });
      }
    }
  });
  const locationOptions = list.map((l) => (
    <option key={l.id} value={l.id}>
      {l.nom}
    </option>
  ));
  const errorOf = (name: (typeof FIELDS)[number]) => errors[name]?.message as string | undefined;
  const select = (name: 'type' | 'location_id' | 'location_dest_id', label: string, children: ReactNode) => {
    const id = `movement-${name}`;
    const error = errorOf(name);
    return (
      <FormField label={label} htmlFor={id} required error={error}>
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
  const text = (name: 'quantite' | 'motif', label: string, required: boolean) => {
    const id = `movement-${name}`;
    const error = errorOf(name);
    return (
      <FormField label={label} htmlFor={id} required={required} error={error}>
        <input
          id={id}
          inputMode={name === 'quantite' ? 'decimal' : undefined}
          autoComplete="off"
          className={inputClass(!!error)}
          {...fieldAria(id, error)}
          {...form.register(name)}
        />
      </FormField>
    );
  };
  return (
    <FormModal
      open
      onClose={onClose}
      title={L.movementTitle(part.designation)}
      size="lg"
      formId="movement-form"
      saving={record.isPending}
      submitLabel={L.movementSubmit}
    >
      <form id="movement-form" onSubmit={onSubmit} noValidate className="space-y-4">
        {select(
          'type',
          L.movementType,
          MOVEMENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {MOVEMENT_LABELS[t]}
            </option>
          )),
        )}
        {select(
          'location_id',
          type === 'TRANSFERT' ? L.movementOrigin : L.movementLocation,
          <>
            <option value="">{L.chooseLocation}</option>
            {locationOptions}
          </>,
        )}
        {type === 'TRANSFERT' &&
          select(
            'location_dest_id',
            L.movementDest,
            <>
              <option value="">{L.chooseLocation}</option>
              {locationOptions}
            </>,
          )}
        {text(
          'quantite',
          type === 'AJUSTEMENT' ? L.movementQuantityAdjust(part.unite) : L.movementQuantity(part.unite),
          true,
        )}
        {text('motif', L.movementMotif, type === 'AJUSTEMENT')}
        {serverError && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
            {serverError}
          </p>
        )}
      </form>
    </FormModal>
  );
}
