import {
  defaultReportFilter,
  type ReportFilter,
  type ReportFilterInput,
  reportFilterSchema,
} from '@gmao/domain/reports/report-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormField, fieldAria, inputClass } from '../../../components/ui/form-field';
import { Select, type SelectOption } from '../../../components/ui/select';
import { useReportOptions } from '../api/get-report-options';

// 'Tous' is a real option (not the placeholder), so the control never shows the low-contrast placeholder text.
const ALL_VALUE = 'all';
const ALL = (label: string): SelectOption => ({ value: ALL_VALUE, label });
const toOptions = (items: { id: number; nom: string }[] | undefined): SelectOption[] =>
  (items ?? []).map((i) => ({ value: String(i.id), label: i.nom }));

/** Period (required) and optional client / equipment / technician; validated by the same schema as the API. */
export function ReportFiltersForm({ onSubmit, busy }: { onSubmit: (filter: ReportFilter) => void; busy?: boolean }) {
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<ReportFilterInput, unknown, ReportFilter>({
    resolver: zodResolver(reportFilterSchema),
    defaultValues: { ...defaultReportFilter(), clientId: '', equipementId: '', technicianId: '' },
  });
  const clientId = useWatch({ control, name: 'clientId' });
  const options = useReportOptions(clientId ? Number(clientId) : undefined);
  const o = options.data?.data;

  const selectField = (
    name: 'clientId' | 'equipementId' | 'technicianId',
    label: string,
    all: string,
    items: SelectOption[],
    onPicked?: () => void,
  ) => (
    <FormField label={label} htmlFor={`report-${name}`}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Select
            id={`report-${name}`}
            searchable
            placeholder={all}
            options={[ALL(all), ...items]}
            value={field.value ? String(field.value) : ALL_VALUE}
            onChange={(v) => {
              field.onChange(v === ALL_VALUE ? '' : v);
              onPicked?.();
            }}
          />
        )}
      />
    </FormField>
  );

  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-label="Paramètres du rapport"
      className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm md:grid-cols-3 xl:grid-cols-6"
    >
      <FormField label="Du" htmlFor="report-dateFrom" required error={errors.dateFrom?.message}>
        <input
          id="report-dateFrom"
          type="date"
          className={inputClass(!!errors.dateFrom)}
          {...fieldAria('report-dateFrom', errors.dateFrom?.message)}
          {...register('dateFrom')}
        />
      </FormField>
      <FormField label="Au" htmlFor="report-dateTo" required error={errors.dateTo?.message}>
        <input
          id="report-dateTo"
          type="date"
          className={inputClass(!!errors.dateTo)}
          {...fieldAria('report-dateTo', errors.dateTo?.message)}
          {...register('dateTo')}
        />
      </FormField>
      {selectField('clientId', 'Client', 'Tous les clients', toOptions(o?.clients), () => setValue('equipementId', ''))}
      {selectField('equipementId', 'Équipement', 'Tous les équipements', toOptions(o?.equipment))}
      {selectField('technicianId', 'Technicien', 'Tous les techniciens', toOptions(o?.technicians))}
      <div className="flex items-start md:pt-6">
        <Button type="submit" loading={busy} className="w-full">
          Générer l'aperçu
        </Button>
      </div>
    </form>
  );
}
