import {
  type CompanyProfile,
  type CompanyProfileFormValues,
  type CompanyProfileInput,
  companyProfileInputSchema,
  COMPANY_FIELD_LABELS as F,
  LOGO_TYPES,
  COMPANY_MESSAGES as M,
  MAX_LOGO_BYTES,
} from '@gmao/domain/settings/company-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ImageUp, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField, fieldAria, inputClass } from '../../../components/ui/form-field';
import { LoadErrorState } from '../../../components/ui/load-error-state';
import { ApiError, api, type Envelope } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';

export const companyKey = ['settings', 'company'] as const;

const toValues = (c: CompanyProfile): CompanyProfileFormValues => ({
  nom: c.nom,
  adresse: c.adresse,
  ville: c.ville,
  telephone: c.telephone,
  email: c.email,
  ice: c.ice,
  rc: c.rc,
  if: c.if,
  patente: c.patente,
  cnss: c.cnss,
  signature_client_obligatoire: c.signature_client_obligatoire,
  afficher_prix: c.afficher_prix,
  habilitations_implications: c.habilitations_implications,
});

const TEXT_FIELDS = ['nom', 'adresse', 'ville', 'telephone', 'email', 'ice', 'rc', 'if', 'patente', 'cnss'] as const;

function Logo({ profile }: { profile: CompanyProfile }) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // the logo is served to signed-in users: fetched with the session, shown from a blob
  const logo = useQuery({
    queryKey: [...companyKey, 'logo', profile.logo_url],
    queryFn: async () =>
      URL.createObjectURL(await api.get<Blob>(profile.logo_url!.replace(/^\/api/, ''), { blob: true, silent: true })),
    enabled: profile.logo_url !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const refresh = (res: Envelope<CompanyProfile>) => queryClient.setQueryData(companyKey, res.data);
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('logo', file);
      return api.put<Envelope<CompanyProfile>>('/settings/company/logo', body, { silent: true });
    },
    onSuccess: (res) => {
      refresh(res);
      notify.success(M.logoUploaded);
    },
    onError: (err) => notify.error(err instanceof ApiError ? err.message : M.logoUploadError),
  });
  const remove = useMutation({
    mutationFn: () => api.delete<Envelope<CompanyProfile>>('/settings/company/logo', { silent: true }),
    onSuccess: (res) => {
      refresh(res);
      setConfirmDelete(false);
      notify.success(M.logoDeleted);
    },
    onError: (err) => notify.error(err instanceof ApiError ? err.message : M.logoUploadError),
  });
  const pick = (file: File | undefined) => {
    if (!file) return;
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return notify.error(M.logoTypeRefused);
    if (file.size > MAX_LOGO_BYTES) return notify.error(M.logoTooLarge);
    upload.mutate(file);
  };
  return (
    <section aria-label={M.logoTitle} className="space-y-2">
      <h3 className="text-sm font-medium text-slate-700">{M.logoTitle}</h3>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex h-20 w-40 items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50">
          {profile.logo_url && logo.data ? (
            <img src={logo.data} alt={`Logo de ${profile.nom || "l'entreprise"}`} className="max-h-16 max-w-36" />
          ) : (
            <span className="text-xs text-slate-500">{M.logoNone}</span>
          )}
        </div>
        <input
          ref={input}
          type="file"
          accept={LOGO_TYPES.join(',')}
          className="sr-only"
          aria-label="Fichier du logo"
          onChange={(e) => {
            pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button variant="secondary" loading={upload.isPending} onClick={() => input.current?.click()}>
          <ImageUp className="h-4 w-4" aria-hidden="true" /> {upload.isPending ? M.logoUploading : 'Choisir une image'}
        </Button>
        {profile.logo_url && (
          <Button variant="secondary" onClick={() => setConfirmDelete(true)}>
            <Trash2 className="h-4 w-4" aria-hidden="true" /> Supprimer le logo
          </Button>
        )}
      </div>
      <p className="text-xs text-slate-500">{M.logoHelp}</p>
      <ConfirmDialog
        open={confirmDelete}
        kind="danger"
        title="Supprimer le logo"
        message="Les prochains documents seront imprimés sans logo."
        confirmLabel="Supprimer"
        loading={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => remove.mutate()}
      />
    </section>
  );
}

/** Administration → Entreprise (issue 32): the identity printed on every document, the logo, the bon's settings. */
export function CompanyProfileCard() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: companyKey,
    queryFn: async () => (await api.get<Envelope<CompanyProfile>>('/settings/company', { silent: true })).data,
  });
  const form = useForm<CompanyProfileFormValues, unknown, CompanyProfileInput>({
    resolver: zodResolver(companyProfileInputSchema),
  });
  useEffect(() => {
    if (query.data) form.reset(toValues(query.data));
  }, [query.data, form]);
  const save = useMutation({
    mutationFn: (input: CompanyProfileInput) =>
      api.put<Envelope<CompanyProfile>>('/settings/company', input, { silent: true }),
    onSuccess: (res) => {
      queryClient.setQueryData(companyKey, res.data);
      notify.success(M.saved);
    },
    onError: (err) => notify.error(err instanceof ApiError ? err.message : M.saveError),
  });
  const errors = form.formState.errors;
  if (query.isError) return <LoadErrorState description={M.loadError} onRetry={() => void query.refetch()} />;
  return (
    <div className="space-y-6 rounded-xl border border-slate-200 bg-white p-6">
      {query.data && <Logo profile={query.data} />}
      <form onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate className="space-y-6">
        <div className="grid gap-4 sm:grid-cols-2">
          {TEXT_FIELDS.map((key) => {
            const id = `company-${key}`;
            const error = errors[key]?.message;
            return (
              <FormField
                key={key}
                label={F[key]}
                htmlFor={id}
                required={key === 'nom'}
                error={error}
                className={key === 'nom' || key === 'adresse' ? 'sm:col-span-2' : ''}
              >
                <input
                  id={id}
                  inputMode={key === 'ice' || key === 'telephone' ? 'numeric' : undefined}
                  type={key === 'email' ? 'email' : 'text'}
                  className={inputClass(!!error)}
                  {...fieldAria(id, error)}
                  {...form.register(key)}
                />
              </FormField>
            );
          })}
        </div>
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-700">{M.documentsTitle}</legend>
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-0.5" {...form.register('signature_client_obligatoire')} />
            <span>
              <span className="font-medium text-slate-900">{M.signatureRequired}</span>
              <span className="block text-slate-500">{M.signatureRequiredHelp}</span>
            </span>
          </label>
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-0.5" {...form.register('afficher_prix')} />
            <span>
              <span className="font-medium text-slate-900">{M.showPrices}</span>
              <span className="block text-slate-500">{M.showPricesHelp}</span>
            </span>
          </label>
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-0.5" {...form.register('habilitations_implications')} />
            <span>
              <span className="font-medium text-slate-900">{M.implications}</span>
              <span className="block text-slate-500">{M.implicationsHelp}</span>
            </span>
          </label>
        </fieldset>
        <div className="flex justify-end">
          <Button type="submit" loading={save.isPending} disabled={!query.data}>
            Enregistrer
          </Button>
        </div>
      </form>
    </div>
  );
}
