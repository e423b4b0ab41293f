import { CLIENT_MESSAGES, FORMES_JURIDIQUES } from '@gmao/domain/clients/client-constants';
import {
  type Client,
  type ClientFormValues,
  type ClientInput,
  clientInputSchema,
} from '@gmao/domain/clients/client-schemas';
import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, type Path, useForm } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { FormModal } from '../../../components/ui/form-modal';
import { FormTextField } from '../../../components/ui/form-text-field';
import { LoadingOverlay } from '../../../components/ui/loading-overlay';
import { Select } from '../../../components/ui/select';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useSectionOptions } from '../api/get-section-options';
import { useSectors } from '../api/get-sectors';
import { useCreateClient, useUpdateClient } from '../api/mutate-client';

/** Lets an optional select be cleared again (the Select shows its placeholder for ''). */
const NONE = { value: '', label: 'Aucun' };

const FIELDS = [
  'nom_entreprise',
  'secteur_activite',
  'adresse',
  'ville',
  'codePostal',
  'tel',
  'fax',
  'email',
  'siteWeb',
  'contact_principal',
  'poste_contact',
  'telephone_contact',
  'email_contact',
  'registre_commerce',
  'ice',
  'forme_juridique',
] as const satisfies readonly (keyof ClientFormValues)[];

function toFormValues(client: Client | null): ClientFormValues {
  const values = {} as Record<(typeof FIELDS)[number], string>;
  for (const f of FIELDS) values[f] = client?.[f] ?? '';
  return { ...values, section_id: client?.sectionId != null ? String(client.sectionId) : '' } as ClientFormValues;
}

/** Create or edit a client. Does not close on overlay click; a blocking overlay shows while saving (spec §2). */
export function ClientFormModal({
  open,
  client,
  onClose,
  onSaved,
}: {
  open: boolean;
  client: Client | null;
  onClose: () => void;
  onSaved?: (client: Client) => void;
}) {
  const sectors = useSectors();
  const sections = useSectionOptions();
  const create = useCreateClient();
  const update = useUpdateClient();
  const saving = create.isPending || update.isPending;
  const form = useForm<ClientFormValues, unknown, ClientInput>({
    resolver: zodResolver(clientInputSchema),
    defaultValues: toFormValues(client),
  });

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const res = client ? await update.mutateAsync({ id: client.id, input }) : await create.mutateAsync(input);
      notify.success(res.message ?? (client ? MUTATION_MESSAGES.clientUpdate : MUTATION_MESSAGES.clientCreate).success);
      onSaved?.(res.data);
      onClose();
    } catch (err) {
      // Spec §8: the failure is logged (the HTTP layer already toasted it) and the modal stays open.
      console.error(client ? MUTATION_MESSAGES.clientUpdate.failure : MUTATION_MESSAGES.clientCreate.failure, err);
      if (err instanceof ApiError) {
        for (const d of err.details) {
          if (d.field && (FIELDS as readonly string[]).includes(d.field)) {
            form.setError(d.field as Path<ClientFormValues>, { message: d.msg ?? d.message });
          }
        }
      }
    }
  });

  const sectorOptions = [...new Set([...sectors, ...(client?.secteur_activite ? [client.secteur_activite] : [])])];
  const text = (
    name: Path<ClientFormValues>,
    label: string,
    extra: { type?: 'email' | 'tel' | 'url'; required?: boolean } = {},
  ) => <FormTextField form={form} name={name} label={label} idPrefix="client" {...extra} />;

  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={client ? 'Modifier le client' : 'Nouveau Client'}
      size="3xl"
      formId="client-form"
      saving={saving}
      submitLabel={client ? 'Enregistrer' : 'Créer le client'}
    >
      <form id="client-form" onSubmit={onSubmit} noValidate className="space-y-6">
        <fieldset className="grid min-w-0 gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold text-slate-900">Entreprise</legend>
          {text('nom_entreprise', "Nom de l'entreprise", { required: true })}
          <FormField label="Secteur d'activité" htmlFor="client-secteur_activite">
            <Controller
              control={form.control}
              name="secteur_activite"
              render={({ field }) => (
                <Select
                  id="client-secteur_activite"
                  searchable
                  placeholder="Sélectionner un secteur"
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  options={[NONE, ...sectorOptions.map((s) => ({ value: s, label: s }))]}
                />
              )}
            />
          </FormField>
          {text('adresse', 'Adresse')}
          {text('ville', 'Ville')}
          {text('codePostal', 'Code postal')}
          {text('tel', 'Téléphone', { type: 'tel' })}
          {text('fax', 'Fax', { type: 'tel' })}
          {text('email', 'E-mail', { type: 'email' })}
          {text('siteWeb', 'Site web', { type: 'url' })}
        </fieldset>
        <fieldset className="grid min-w-0 gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold text-slate-900">Contact principal</legend>
          {text('contact_principal', 'Nom du contact')}
          {text('poste_contact', 'Poste du contact')}
          {text('telephone_contact', 'Téléphone du contact', { type: 'tel' })}
          {text('email_contact', 'E-mail du contact', { type: 'email' })}
        </fieldset>
        <fieldset className="grid min-w-0 gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold text-slate-900">Informations légales</legend>
          {text('registre_commerce', 'Registre de commerce')}
          {text('ice', 'ICE (15 chiffres)')}
          <FormField
            label="Forme juridique"
            htmlFor="client-forme_juridique"
            error={form.formState.errors.forme_juridique?.message}
          >
            <Controller
              control={form.control}
              name="forme_juridique"
              render={({ field }) => (
                <Select
                  id="client-forme_juridique"
                  placeholder="Sélectionner une forme juridique"
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  options={[NONE, ...FORMES_JURIDIQUES.map((f) => ({ value: f, label: f }))]}
                />
              )}
            />
          </FormField>
          <FormField
            label={CLIENT_MESSAGES.sectionLabel}
            htmlFor="client-section_id"
            error={form.formState.errors.section_id?.message}
            help="La section (agence) qui sert ce client : ses responsables limités à leur section le voient."
          >
            <Controller
              control={form.control}
              name="section_id"
              render={({ field }) => (
                <Select
                  id="client-section_id"
                  placeholder={CLIENT_MESSAGES.sectionNone}
                  value={field.value == null ? '' : String(field.value)}
                  onChange={field.onChange}
                  options={[
                    { value: '', label: CLIENT_MESSAGES.sectionNone },
                    ...(sections.data?.data ?? []).map((s) => ({ value: String(s.id), label: s.nom })),
                  ]}
                />
              )}
            />
          </FormField>
        </fieldset>
      </form>
      <LoadingOverlay show={saving} text={client ? CLIENT_MESSAGES.updating : CLIENT_MESSAGES.creating} />
    </FormModal>
  );
}
