import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import { USER_FORM_MESSAGES, USERS_SCREEN } from '@gmao/domain/users/messages';
import { type AdminUser, userCreateSchema, userUpdateSchema } from '@gmao/domain/users/user-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { FormField, fieldAria, inputClass } from '../../../components/ui/form-field';
import { FormModal } from '../../../components/ui/form-modal';
import { Select } from '../../../components/ui/select';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useRoleOptions, useSectionOptions } from '../api/get-options';
import { getOwnProfile } from '../api/get-own-profile';
import { useCreateUser, useUpdateUser } from '../api/mutate-user';
import { defaults, FIELDS, NONE, toCreateInput, toUpdateInput, type UserFormValues } from './user-form-values';

/** Create or edit a user (spec §5 "User form"): the same domain schemas validate here and on the server. */
export function UserFormModal({
  user,
  isSelf,
  onClose,
}: {
  /** null: a new user. */
  user: AdminUser | null;
  isSelf: boolean;
  onClose: () => void;
}) {
  const isEdit = user !== null;
  const session = useSession();
  const roles = useRoleOptions();
  const sections = useSectionOptions();
  const create = useCreateUser();
  const update = useUpdateUser();
  const saving = create.isPending || update.isPending;
  const resolver = useMemo(
    // biome-ignore lint/suspicious/noExplicitAny: the two schemas share the form's field names; the resolver type cannot express the union.
    () => zodResolver((isEdit ? userUpdateSchema : userCreateSchema) as any) as unknown as Resolver<UserFormValues>,
    [isEdit],
  );
  const form = useForm<UserFormValues>({ resolver, defaultValues: defaults(user) });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const messages = isEdit ? MUTATION_MESSAGES.userUpdate : MUTATION_MESSAGES.userCreate;
    try {
      const res = user
        ? await update.mutateAsync({ id: user.id, input: toUpdateInput(values) })
        : await create.mutateAsync(toCreateInput(values));
      notify.success(res.message ?? messages.success);
      if (isSelf) {
        const profile = await getOwnProfile().catch(() => null);
        if (profile) session.updateUser(profile.data);
      }
      onClose();
    } catch (err) {
      if (err instanceof ApiError) {
        for (const d of err.details) {
          const field = FIELDS.find((f) => f === d.field);
          if (field && d.msg) form.setError(field, { message: d.msg });
        }
      }
      notify.error((err instanceof ApiError && err.serverMessage) || messages.failure);
    }
  });

  const roleOptions = (roles.data?.data ?? []).map((r) => ({ value: String(r.id), label: r.nom }));
  const sectionOptions = [
    { value: NONE, label: 'Aucune section' },
    ...(sections.data?.data ?? []).map((s) => ({ value: String(s.id), label: s.nom })),
  ];

  return (
    <FormModal
      open
      onClose={onClose}
      title={isEdit ? "Modifier l'utilisateur" : 'Nouvel utilisateur'}
      size="lg"
      formId="user-form"
      saving={saving}
      submitLabel={saving ? 'Enregistrement...' : isEdit ? 'Enregistrer' : 'Créer'}
    >
      <form id="user-form" onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <FormField label="Nom complet" htmlFor="user-nom" required error={errors.nom?.message}>
          <input
            id="user-nom"
            className={inputClass(!!errors.nom)}
            {...fieldAria('user-nom', errors.nom?.message)}
            {...form.register('nom')}
          />
        </FormField>
        <FormField
          label="Nom d'utilisateur"
          htmlFor="user-username"
          required={!isEdit}
          error={errors.username?.message}
          help={isEdit ? "Le nom d'utilisateur ne peut pas être modifié" : undefined}
        >
          <input
            id="user-username"
            autoComplete="off"
            disabled={isEdit}
            className={inputClass(!!errors.username)}
            {...fieldAria('user-username', errors.username?.message, isEdit ? 'help' : undefined)}
            {...form.register('username')}
          />
        </FormField>
        <FormField
          label={USER_FORM_MESSAGES.emailLabel}
          htmlFor="user-email"
          error={errors.email?.message}
          help={USER_FORM_MESSAGES.emailHint}
        >
          <input
            id="user-email"
            type="email"
            autoComplete="off"
            className={inputClass(!!errors.email)}
            {...fieldAria('user-email', errors.email?.message, 'help')}
            {...form.register('email')}
          />
        </FormField>
        <FormField
          label="Mot de passe"
          htmlFor="user-password"
          required={!isEdit}
          error={errors.password?.message}
          help={isEdit ? 'Laisser vide pour conserver le mot de passe actuel' : USERS_SCREEN.passwordHelpNew}
        >
          <input
            id="user-password"
            type="password"
            autoComplete="new-password"
            className={inputClass(!!errors.password)}
            {...fieldAria('user-password', errors.password?.message, 'help')}
            {...form.register('password')}
          />
        </FormField>
        <FormField label="Rôle" htmlFor="user-role" required error={errors.role_id?.message}>
          <Controller
            control={form.control}
            name="role_id"
            render={({ field }) => (
              <Select
                id="user-role"
                options={roleOptions}
                value={field.value === undefined ? null : String(field.value)}
                onChange={(v) => field.onChange(Number(v))}
                placeholder="Sélectionner un rôle"
                invalid={!!errors.role_id}
                aria-describedby={errors.role_id ? 'user-role-error' : undefined}
              />
            )}
          />
        </FormField>
        <FormField label="Section" htmlFor="user-section" error={errors.section_id?.message}>
          <Controller
            control={form.control}
            name="section_id"
            render={({ field }) => (
              <Select
                id="user-section"
                searchable
                options={sectionOptions}
                value={field.value === null ? NONE : String(field.value)}
                onChange={(v) => field.onChange(v === NONE ? null : Number(v))}
                placeholder="Aucune section"
              />
            )}
          />
        </FormField>
        <div className="flex items-end pb-2">
          <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-700">
            <input
              type="checkbox"
              className="h-4 w-4 rounded border-slate-300"
              disabled={isSelf}
              title={isSelf ? 'Vous ne pouvez pas désactiver votre propre compte' : undefined}
              {...form.register('enabled')}
            />
            Compte actif
          </label>
        </div>
      </form>
    </FormModal>
  );
}
