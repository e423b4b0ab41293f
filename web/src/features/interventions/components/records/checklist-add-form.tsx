import { type ChecklistAdd, checklistAddSchema } from '@gmao/domain/interventions/checklist-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { fieldAria, fieldErrorId, inputClass } from '../../../../components/ui/form-field';

/** 'Nouvelle étape' field validated by the domain schema; `onAdd` resolves true to clear it. */
export function ChecklistAddForm({
  interventionId,
  saving,
  onAdd,
}: {
  interventionId: number;
  saving: boolean;
  onAdd: (label: string) => Promise<boolean>;
}) {
  const id = `checklist-new-${interventionId}`;
  const form = useForm<ChecklistAdd>({ resolver: zodResolver(checklistAddSchema), defaultValues: { label: '' } });
  const error = form.formState.errors.label?.message;
  const onSubmit = form.handleSubmit(async ({ label }) => {
    if (await onAdd(label)) form.reset({ label: '' });
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Ajouter une étape" className="space-y-1">
      <div className="flex gap-2">
        <label htmlFor={id} className="sr-only">
          Nouvelle étape
        </label>
        <input
          id={id}
          maxLength={200}
          placeholder="Nouvelle étape..."
          className={inputClass(!!error)}
          {...fieldAria(id, error)}
          {...form.register('label')}
        />
        <Button size="sm" type="submit" variant="secondary" loading={saving}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Ajouter l’étape
        </Button>
      </div>
      {error && (
        <p id={fieldErrorId(id)} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </form>
  );
}
