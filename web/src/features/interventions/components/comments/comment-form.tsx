import { type CommentInput, commentInputSchema } from '@gmao/domain/interventions/activity-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { fieldAria, fieldErrorId, inputClass } from '../../../../components/ui/form-field';

/** A comment textarea validated by the domain schema; `onSave` resolves true to clear the field. */
export function CommentForm({
  id,
  label,
  initial = '',
  submitLabel,
  saving,
  onSave,
  onCancel,
}: {
  id: string;
  label: string;
  initial?: string;
  submitLabel: string;
  saving: boolean;
  onSave: (comment: string) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const form = useForm<CommentInput>({
    resolver: zodResolver(commentInputSchema),
    defaultValues: { comment: initial },
  });
  const error = form.formState.errors.comment?.message;
  const onSubmit = form.handleSubmit(async ({ comment }) => {
    if (await onSave(comment)) form.reset({ comment: '' });
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        rows={2}
        maxLength={5000}
        placeholder="Écrire un commentaire..."
        className={inputClass(!!error)}
        {...fieldAria(id, error)}
        {...form.register('comment')}
      />
      {error && (
        <p id={fieldErrorId(id)} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
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
