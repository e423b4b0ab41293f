import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import {
  METER_MESSAGES as M,
  type MeterReadingInput,
  meterReadingFormSchema,
} from '@gmao/domain/equipment/meter-schemas';
import { formatDate } from '@gmao/domain/format/format';
import { planningToday } from '@gmao/domain/interventions/schedule-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { DetailSection } from '../../../components/ui/detail-section';
import { FormField, fieldAria, inputClass } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { usePermissions } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useAddMeterReading, useMeterReadings } from '../api/meter-readings';
import { MeterReadingsList } from './meter-readings-list';

type FormValues = z.input<typeof meterReadingFormSchema>;

/**
 * Running-hours meter of an equipment (issue 17): the last reading, the recent ones (correctable and deletable with
 * equipment:update, issue 29) and — with equipment:update — a form to enter a new one (the same schema as the
 * server's; a value below the previous reading is refused with the server's message).
 */
export function EquipmentMeter({ equipmentId }: { equipmentId: number }) {
  const { can } = usePermissions();
  const readings = useMeterReadings(equipmentId);
  const add = useAddMeterReading(equipmentId);
  const form = useForm<FormValues, unknown, MeterReadingInput>({
    resolver: zodResolver(meterReadingFormSchema),
    defaultValues: { date: planningToday(), valeur: '' },
  });
  const { errors } = form.formState;
  const last = readings.data?.data[0];

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const res = await add.mutateAsync(input);
      notify.success(res.message ?? M.created);
      form.reset({ date: planningToday(), valeur: '' });
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      for (const d of err.details)
        if (d.field === 'date' || d.field === 'valeur')
          form.setError(d.field as Path<FormValues>, { message: d.msg ?? d.message });
    }
  });

  return (
    <DetailSection title={M.title}>
      <p className="text-sm text-slate-700" data-testid="meter-last">
        {readings.isPending ? '…' : last ? M.last(last.valeur, formatDate(last.date), last.saisi_par_nom) : M.none}
      </p>
      <MeterReadingsList
        equipmentId={equipmentId}
        readings={Array.isArray(readings.data?.data) ? readings.data.data : []}
        canEdit={can(PERMISSIONS.EQUIPMENT_UPDATE)}
      />
      {can(PERMISSIONS.EQUIPMENT_UPDATE) && (
        // Laid out by the width of its own column, not the screen's: in the detail's narrow side column on a 1366 px
        // screen, three columns pushed « Enregistrer un relevé » out of the dialog (issue 30 item 6).
        <div className="@container">
          <form onSubmit={onSubmit} noValidate className="mt-3 grid gap-3 @md:grid-cols-[1fr_1fr_auto] @md:items-end">
            <FormField label={M.valeurLabel} htmlFor="meter-valeur" required error={errors.valeur?.message}>
              <input
                id="meter-valeur"
                type="number"
                min={0}
                inputMode="numeric"
                className={inputClass(!!errors.valeur)}
                {...fieldAria('meter-valeur', errors.valeur?.message)}
                {...form.register('valeur')}
              />
            </FormField>
            <FormField label={M.dateLabel} htmlFor="meter-date" required error={errors.date?.message}>
              <input
                id="meter-date"
                type="date"
                className={inputClass(!!errors.date)}
                {...fieldAria('meter-date', errors.date?.message)}
                {...form.register('date')}
              />
            </FormField>
            <Button type="submit" disabled={add.isPending}>
              {M.add}
            </Button>
          </form>
        </div>
      )}
    </DetailSection>
  );
}
