import { type CompteRenduInput, compteRenduInputSchema } from '@gmao/domain/interventions/compte-rendu-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { FormField, fieldAria, inputClass } from '../../../../components/ui/form-field';

/** Title + content of a compte rendu, validated by the domain schema; `onSave` resolves true to clear the form. */
export function CompteRenduForm({
  idPrefix,
  initial,
  saving,
  submitLabel,
  onSave,
  onCancel,
}: {
  idPrefix: string;
  initial?: CompteRenduInput;
  saving: boolean;
  submitLabel: string;
  onSave: (input: CompteRenduInput) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const form = useForm<CompteRenduInput>({
    resolver: zodResolver(compteRenduInputSchema),
    defaultValues: initial ?? { titre: '', contenu: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (input) => {
    if (await onSave(input)) form.reset({ titre: '', contenu: '' });
  });
  const titreId = `${idPrefix}-titre`;
  const contenuId = `${idPrefix}-contenu`;
  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <FormField label="Titre du compte rendu" htmlFor={titreId} required error={errors.titre?.message}>
        <input
          id={titreId}
          maxLength={200}
          className={inputClass(!!errors.titre)}
          {...fieldAria(titreId, errors.titre?.message)}
          {...form.register('titre')}
        />
      </FormField>
      <FormField label="Contenu du compte rendu" htmlFor={contenuId} required error={errors.contenu?.message}>
        <textarea
          id={contenuId}
          rows={4}
          className={inputClass(!!errors.contenu)}
          {...fieldAria(contenuId, errors.contenu?.message)}
          {...form.register('contenu')}
        />
      </FormField>
      <div className="flex justify-end gap-2">
        {onCancel && (
          <Button size="sm" variant="secondary" onClick={onCancel} disabled={saving}>
            Annuler
          </Button>
        )}
        <Button size="sm" type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
