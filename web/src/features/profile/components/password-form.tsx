import { passwordChangeSchema } from '@gmao/domain/auth/auth-schemas';
import { PASSWORD_MESSAGES } from '@gmao/domain/auth/password-policy';
import { AUTH_TOASTS } from '@gmao/domain/common/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormField, fieldAria, inputClass } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useChangePassword } from '../api/update-profile';

type Values = z.infer<typeof passwordChangeSchema>;

const FIELDS = [
  { name: 'currentPassword', label: 'Mot de passe actuel', auto: 'current-password' },
  { name: 'newPassword', label: 'Nouveau mot de passe', auto: 'new-password', help: PASSWORD_MESSAGES.help },
  { name: 'confirmPassword', label: 'Confirmer le nouveau mot de passe', auto: 'new-password' },
] as const;

const submitClass =
  'rounded-lg bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-70';

/**
 * The own-password change (profile page and the forced change after an administrator chose the password). The
 * server answers with a new session; its field messages (not the username, not a common password…) show under
 * the field, since the form does not load the list of common passwords.
 */
export function PasswordForm({ onChanged }: { onChanged?: () => void }) {
  const session = useSession();
  const mutation = useChangePassword();
  const form = useForm<Values>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await mutation.mutateAsync(values);
      session.loginSuccess(res.data);
      form.reset();
      notify.success(res.message ?? AUTH_TOASTS.passwordChanged);
      onChanged?.();
    } catch (err) {
      if (err instanceof ApiError) {
        for (const d of err.details) {
          const field = FIELDS.find((f) => f.name === d.field)?.name;
          if (field && d.msg) form.setError(field, { message: d.msg });
        }
      }
      notify.error((err instanceof ApiError && err.serverMessage) || AUTH_TOASTS.passwordChangeFailed);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {FIELDS.map((f) => (
        <FormField
          key={f.name}
          label={f.label}
          htmlFor={`pw-${f.name}`}
          required
          error={errors[f.name]?.message}
          help={'help' in f ? f.help : undefined}
        >
          <input
            id={`pw-${f.name}`}
            type="password"
            autoComplete={f.auto}
            className={inputClass(!!errors[f.name])}
            {...fieldAria(`pw-${f.name}`, errors[f.name]?.message, 'help' in f ? f.help : undefined)}
            {...form.register(f.name)}
          />
        </FormField>
      ))}
      <button type="submit" className={submitClass} disabled={mutation.isPending}>
        {mutation.isPending ? 'Modification...' : 'Changer le mot de passe'}
      </button>
    </form>
  );
}
