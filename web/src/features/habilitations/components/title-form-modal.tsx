import {
  type Habilitation,
  type HabilitationFormValues,
  type HabilitationInput,
  habilitationInputSchema,
  HABILITATION_UI as U,
} from '@gmao/domain/habilitations/habilitation-schemas';
import { E_ATTRIBUTES, SYMBOLS, TITLE_DOMAINS } from '@gmao/domain/habilitations/symbols';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormField, fieldAria, inputClass } from '../../../components/ui/form-field';
import { FormModal } from '../../../components/ui/form-modal';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useCreateHabilitation, useUpdateHabilitation } from '../api/habilitations';

export type TitleFormMode =
  | { kind: 'add' }
  | { kind: 'renew'; from: Habilitation }
  | { kind: 'edit'; title: Habilitation };

const FORM_ID = 'habilitation-form';

function initialValues(mode: TitleFormMode): HabilitationFormValues {
  const source = mode.kind === 'edit' ? mode.title : mode.kind === 'renew' ? mode.from : null;
  const base = {
    symbole: source?.symbole ?? '',
    attribut: source?.attribut ?? '',
    domaine: source?.domaine ?? 'BT',
    champ: source?.champ ?? '',
    restrictions: source?.restrictions ?? '',
    signataire: source?.signataire ?? '',
    delivree_le: '',
    valide_jusqu_au: '',
  } as HabilitationFormValues;
  if (mode.kind === 'edit')
    return { ...base, delivree_le: mode.title.delivree_le, valide_jusqu_au: mode.title.valide_jusqu_au };
  return base;
}

/**
 * Adds, renews (a new titre pre-filled from the old one, which stays in the history) or corrects a titre. The zod
 * schema is the server's (domain): an unknown symbol, a wrong domain or an expiry before the issue date is refused
 * here with the same French message.
 */
export function TitleFormModal({
  userId,
  mode,
  onClose,
}: {
  userId: number;
  mode: TitleFormMode;
  onClose: () => void;
}) {
  const create = useCreateHabilitation(userId);
  const update = useUpdateHabilitation();
  const form = useForm<HabilitationFormValues, unknown, HabilitationInput>({
    resolver: zodResolver(habilitationInputSchema),
    defaultValues: initialValues(mode),
  });
  const errors = form.formState.errors;
  const saving = create.isPending || update.isPending;
  const title =
    mode.kind === 'add'
      ? U.addTitle
      : mode.kind === 'renew'
        ? U.renewTitle(mode.from.symbole)
        : U.editTitle(mode.title.symbole);

  const submit = form.handleSubmit(async (input) => {
    try {
      const res =
        mode.kind === 'edit' ? await update.mutateAsync({ id: mode.title.id, input }) : await create.mutateAsync(input);
      notify.success(res.message ?? U.save);
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const field = err.details[0]?.field as keyof HabilitationFormValues | undefined;
      if (field && field in form.getValues()) form.setError(field, { message: err.details[0]?.msg ?? err.message });
      else notify.error(err.message);
    }
  });

  const id = (name: string) => `habilitation-${name}`;
  return (
    <FormModal open onClose={onClose} title={title} formId={FORM_ID} saving={saving} submitLabel={U.save} size="lg">
      <form id={FORM_ID} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <FormField label={U.symbole} htmlFor={id('symbole')} required error={errors.symbole?.message}>
          <input
            id={id('symbole')}
            list={id('symboles')}
            className={inputClass(!!errors.symbole)}
            {...fieldAria(id('symbole'), errors.symbole?.message)}
            {...form.register('symbole')}
          />
          <datalist id={id('symboles')}>
            {SYMBOLS.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
        </FormField>
        <FormField label={U.attribut} htmlFor={id('attribut')} error={errors.attribut?.message}>
          <select id={id('attribut')} className={inputClass(!!errors.attribut)} {...form.register('attribut')}>
            <option value="">—</option>
            {E_ATTRIBUTES.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={U.domaine} htmlFor={id('domaine')} required error={errors.domaine?.message}>
          <select id={id('domaine')} className={inputClass(!!errors.domaine)} {...form.register('domaine')}>
            {TITLE_DOMAINS.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={U.signataire} htmlFor={id('signataire')} required error={errors.signataire?.message}>
          <input
            id={id('signataire')}
            className={inputClass(!!errors.signataire)}
            {...fieldAria(id('signataire'), errors.signataire?.message)}
            {...form.register('signataire')}
          />
        </FormField>
        <FormField label={U.delivreeLe} htmlFor={id('delivree_le')} required error={errors.delivree_le?.message}>
          <input
            id={id('delivree_le')}
            type="date"
            className={inputClass(!!errors.delivree_le)}
            {...fieldAria(id('delivree_le'), errors.delivree_le?.message)}
            {...form.register('delivree_le')}
          />
        </FormField>
        <FormField
          label={U.valideJusquAu}
          htmlFor={id('valide_jusqu_au')}
          required
          error={errors.valide_jusqu_au?.message}
        >
          <input
            id={id('valide_jusqu_au')}
            type="date"
            className={inputClass(!!errors.valide_jusqu_au)}
            {...fieldAria(id('valide_jusqu_au'), errors.valide_jusqu_au?.message)}
            {...form.register('valide_jusqu_au')}
          />
        </FormField>
        <FormField label={U.champ} htmlFor={id('champ')} error={errors.champ?.message} className="sm:col-span-2">
          <input id={id('champ')} className={inputClass(!!errors.champ)} {...form.register('champ')} />
        </FormField>
        <FormField
          label={U.restrictions}
          htmlFor={id('restrictions')}
          error={errors.restrictions?.message}
          className="sm:col-span-2"
        >
          <textarea
            id={id('restrictions')}
            rows={2}
            className={inputClass(!!errors.restrictions)}
            {...form.register('restrictions')}
          />
        </FormField>
      </form>
    </FormModal>
  );
}
