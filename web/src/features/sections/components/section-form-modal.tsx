import {
  SECTION_MESSAGES,
  type Section,
  type SectionInput,
  sectionInputSchema,
} from '@gmao/domain/sections/section-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { FormField, fieldAria, inputClass } from '../../../components/ui/form-field';
import { FormModal } from '../../../components/ui/form-modal';
import { Select } from '../../../components/ui/select';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useCandidates } from '../api/get-candidates';
import { useCreateSection, useUpdateSection } from '../api/mutate-section';

const NONE = 'none';

type FormValues = { nom: string; description: string; responsable_id: number | null };

export function SectionFormModal({ section, onClose }: { section: Section | null; onClose: () => void }) {
  const candidates = useCandidates();
  const create = useCreateSection();
  const update = useUpdateSection();
  const saving = create.isPending || update.isPending;
  const form = useForm<FormValues, unknown, SectionInput>({
    resolver: zodResolver(sectionInputSchema) as never,
    defaultValues: {
      nom: section?.nom ?? '',
      description: section?.description ?? '',
      responsable_id: section?.responsable_id ?? null,
    },
  });
  const { errors } = form.formState;
  const messages = section
    ? { success: SECTION_MESSAGES.updated, failure: SECTION_MESSAGES.updateFailed }
    : { success: SECTION_MESSAGES.created, failure: SECTION_MESSAGES.createFailed };

  const onSubmit = form.handleSubmit(async (values) => {
    const input = { ...values, responsable_id: values.responsable_id ?? null };
    try {
      const res = section ? await update.mutateAsync({ id: section.id, input }) : await create.mutateAsync(input);
      notify.success(res.message ?? messages.success);
      onClose();
    } catch (err) {
      const nomError = err instanceof ApiError ? err.details.find((d) => d.field === 'nom') : undefined;
      if (nomError?.msg) form.setError('nom', { message: nomError.msg });
      notify.error((err instanceof ApiError && err.serverMessage) || messages.failure);
    }
  });

  const options = [
    { value: NONE, label: 'Aucun responsable' },
    ...(candidates.data?.data ?? []).map((u) => ({ value: String(u.id), label: `${u.nom} (@${u.username})` })),
  ];

  return (
    <FormModal
      open
      onClose={onClose}
      title={section ? 'Modifier la section' : 'Nouvelle section'}
      size="lg"
      formId="section-form"
      saving={saving}
      submitLabel={saving ? 'Enregistrement...' : 'Enregistrer'}
    >
      <form id="section-form" onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField label="Nom de la section" htmlFor="section-nom" required error={errors.nom?.message}>
          <input
            id="section-nom"
            className={inputClass(!!errors.nom)}
            {...fieldAria('section-nom', errors.nom?.message)}
            {...form.register('nom')}
          />
        </FormField>
        <FormField label="Description" htmlFor="section-description" error={errors.description?.message}>
          <textarea
            id="section-description"
            rows={2}
            className={inputClass(!!errors.description)}
            {...form.register('description')}
          />
        </FormField>
        <FormField
          label="Responsable"
          htmlFor="section-responsable"
          help="Le responsable est rattaché à cette section."
        >
          <Controller
            control={form.control}
            name="responsable_id"
            render={({ field }) => (
              <Select
                id="section-responsable"
                searchable
                options={options}
                value={field.value === null ? NONE : String(field.value)}
                onChange={(v) => field.onChange(v === NONE ? null : Number(v))}
                placeholder="Aucun responsable"
                aria-describedby="section-responsable-help"
              />
            )}
          />
        </FormField>
      </form>
    </FormModal>
  );
}
