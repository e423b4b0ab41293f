import { ROLE_MESSAGES, type Role, type RoleInput, roleInputSchema } from '@gmao/domain/roles/role-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { FormField, fieldAria, inputClass } from '../../../components/ui/form-field';
import { FormModal } from '../../../components/ui/form-modal';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { usePermissionList } from '../api/get-roles';
import { useCreateRole, useUpdateRole } from '../api/mutate-role';
import { PermissionMatrix } from './permission-matrix';

type FormValues = { nom: string; description: string; permissions: string[]; limiteSections: boolean };

export function RoleFormModal({ role, onClose }: { role: Role | null; onClose: () => void }) {
  const permissions = usePermissionList();
  const create = useCreateRole();
  const update = useUpdateRole();
  const saving = create.isPending || update.isPending;
  const form = useForm<FormValues, unknown, RoleInput>({
    resolver: zodResolver(roleInputSchema) as never,
    defaultValues: {
      nom: role?.nom ?? '',
      description: role?.description ?? '',
      permissions: role?.permissions ?? [],
      limiteSections: role?.limiteSections ?? false,
    },
  });
  const { errors } = form.formState;
  const locked = role?.isAdmin === true;
  const messages = role
    ? { success: ROLE_MESSAGES.updated, failure: ROLE_MESSAGES.updateFailed }
    : { success: ROLE_MESSAGES.created, failure: ROLE_MESSAGES.createFailed };

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const res = role ? await update.mutateAsync({ id: role.id, input }) : await create.mutateAsync(input);
      notify.success(res.message ?? messages.success);
      onClose();
    } catch (err) {
      const nomError = err instanceof ApiError ? err.details.find((d) => d.field === 'nom') : undefined;
      if (nomError?.msg) form.setError('nom', { message: nomError.msg });
      notify.error((err instanceof ApiError && err.serverMessage) || messages.failure);
    }
  });

  return (
    <FormModal
      open
      onClose={onClose}
      title={role ? `Modifier le rôle ${role.nom}` : 'Nouveau rôle'}
      size="3xl"
      formId="role-form"
      saving={saving}
      submitLabel={saving ? 'Enregistrement...' : 'Enregistrer'}
    >
      <form id="role-form" onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField
          label="Nom du rôle"
          htmlFor="role-nom"
          required
          error={errors.nom?.message}
          help={locked ? 'Le rôle administrateur ne peut pas être renommé' : undefined}
        >
          <input
            id="role-nom"
            readOnly={locked}
            className={inputClass(!!errors.nom)}
            {...fieldAria('role-nom', errors.nom?.message)}
            {...form.register('nom')}
          />
        </FormField>
        <FormField label="Description" htmlFor="role-description" error={errors.description?.message}>
          <textarea
            id="role-description"
            rows={2}
            className={inputClass(!!errors.description)}
            {...form.register('description')}
          />
        </FormField>
        {!locked && (
          <div className="flex items-start gap-2">
            <input
              id="role-limite-sections"
              type="checkbox"
              className="mt-1 h-4 w-4"
              aria-describedby="role-limite-sections-hint"
              {...form.register('limiteSections')}
            />
            <div>
              <label htmlFor="role-limite-sections" className="text-sm font-medium text-slate-700">
                {ROLE_MESSAGES.limiteSections}
              </label>
              <p id="role-limite-sections-hint" className="text-sm text-slate-500">
                {ROLE_MESSAGES.limiteSectionsHint}
              </p>
            </div>
          </div>
        )}
        <fieldset className="min-w-0">
          <legend className="mb-2 text-sm font-medium text-slate-700">Permissions</legend>
          {locked && (
            <p className="mb-2 text-sm text-slate-500">Un administrateur détient toujours toutes les permissions.</p>
          )}
          {permissions.isPending ? (
            <Spinner label="Chargement des permissions" />
          ) : (
            <Controller
              control={form.control}
              name="permissions"
              render={({ field }) => (
                <PermissionMatrix
                  permissions={permissions.data?.data ?? []}
                  value={field.value}
                  onChange={field.onChange}
                  disabled={locked}
                />
              )}
            />
          )}
        </fieldset>
      </form>
    </FormModal>
  );
}
