import { formatDateTime } from '@gmao/domain/format/format';
import {
  MAIL_MESSAGES as M,
  type MailSettings,
  type MailSettingsInput,
  mailSettingsInputSchema,
} from '@gmao/domain/mail/mail-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormField, inputClass } from '../../../components/ui/form-field';
import { LoadErrorState } from '../../../components/ui/load-error-state';
import { ApiError, api, type Envelope } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { notify } from '../../../lib/toast';

const settingsKey = [...queryRoots.mail, 'settings'] as const;
type Values = z.input<typeof mailSettingsInputSchema>;

const toValues = (s: MailSettings): Values => ({
  host: s.host,
  port: s.port,
  secure: s.secure,
  user: s.user,
  password: '',
  from: s.from,
  allowUnverifiedCertificate: s.allowUnverifiedCertificate,
  removePassword: false,
});

function statusText(s: MailSettings): string {
  if (!s.configured) return M.notConfigured;
  if (!s.host) return M.fromEnv;
  const server = `${s.host}:${s.port}`;
  return s.lastTest && !s.lastTest.ok ? M.configuredButFailing(server) : M.configured(server);
}

/** Administration → Messagerie, for administrators: the server, the sender, and a test e-mail. */
export function MailSettingsCard() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: settingsKey,
    queryFn: async () => (await api.get<Envelope<MailSettings>>('/mail/settings', { silent: true })).data,
  });
  const save = useMutation({
    mutationFn: (input: MailSettingsInput) =>
      api.put<Envelope<MailSettings>>('/mail/settings', input, { silent: true }),
    onSuccess: (res) => {
      queryClient.setQueryData(settingsKey, res.data);
      notify.success(M.saved);
    },
    onError: (err) => notify.error(err instanceof ApiError ? err.message : M.saveError),
  });
  const test = useMutation({
    mutationFn: (to: string) => api.post<Envelope<null>>('/mail/test', { to }, { silent: true }),
    onSuccess: (res) => notify.success(res.message ?? ''),
    onError: (err) => notify.error(err instanceof ApiError ? err.message : M.testFailed('')),
    // The outcome is kept by the server (date, ok, message) and shown below the status, not only in the toast.
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKey }),
  });
  const form = useForm<Values>({ resolver: zodResolver(mailSettingsInputSchema) });
  const [to, setTo] = useState('');
  useEffect(() => {
    if (query.data) form.reset(toValues(query.data));
  }, [query.data, form]);
  const errors = form.formState.errors;
  const removePassword = form.watch('removePassword');
  const allowUnverified = form.watch('allowUnverifiedCertificate');
  const status = query.data ? statusText(query.data) : '';
  const lastTest = query.data?.lastTest ?? null;

  return (
    <section aria-label={M.title} className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 className="mb-1 text-lg font-semibold text-slate-900">{M.title}</h2>
      <p className="mb-1 text-sm font-medium text-slate-700" role="status">
        {status}
      </p>
      {query.data?.configured ? (
        <section
          aria-label={M.lastTestLabel}
          className={`mb-4 rounded-md border p-2 text-sm ${
            lastTest === null
              ? 'border-slate-200 text-slate-600'
              : lastTest.ok
                ? 'border-emerald-200 bg-emerald-50 text-emerald-900'
                : 'border-red-200 bg-red-50 text-red-900'
          }`}
        >
          {lastTest === null ? (
            M.lastTestNone
          ) : (
            <>
              <p className="font-medium">
                {(lastTest.ok ? M.lastTestOk : M.lastTestFailed)(formatDateTime(lastTest.at))}
              </p>
              <p>{lastTest.message}</p>
            </>
          )}
        </section>
      ) : (
        <div className="mb-4" />
      )}
      {query.isError ? (
        <LoadErrorState
          description="Les réglages e-mail n'ont pas pu être chargés."
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          <form
            onSubmit={form.handleSubmit((v) => save.mutate(mailSettingsInputSchema.parse(v)))}
            noValidate
            className="grid gap-4 sm:grid-cols-2"
          >
            <FormField label="Serveur SMTP" htmlFor="smtp-host" error={errors.host?.message}>
              <input
                id="smtp-host"
                className={inputClass(!!errors.host)}
                placeholder="smtp.exemple.ma"
                {...form.register('host')}
              />
            </FormField>
            <FormField label="Port" htmlFor="smtp-port" error={errors.port?.message}>
              <input id="smtp-port" type="number" className={inputClass(!!errors.port)} {...form.register('port')} />
            </FormField>
            <FormField label="Utilisateur" htmlFor="smtp-user" error={errors.user?.message}>
              <input
                id="smtp-user"
                autoComplete="off"
                className={inputClass(!!errors.user)}
                {...form.register('user')}
              />
            </FormField>
            <FormField
              label="Mot de passe"
              htmlFor="smtp-password"
              error={errors.password?.message}
              help={removePassword ? M.removePasswordHelp : query.data?.hasPassword ? M.passwordKept : undefined}
            >
              <input
                id="smtp-password"
                type="password"
                autoComplete="new-password"
                disabled={removePassword}
                className={inputClass(!!errors.password)}
                {...form.register('password')}
              />
            </FormField>
            {query.data?.hasPassword ? (
              <label className="flex min-h-11 items-center gap-2 self-end text-sm">
                <input
                  type="checkbox"
                  className="h-5 w-5"
                  {...form.register('removePassword', {
                    onChange: (e: { target: { checked: boolean } }) => {
                      if (e.target.checked) form.setValue('password', '');
                    },
                  })}
                />{' '}
                {M.removePassword}
              </label>
            ) : null}
            <FormField label="Expéditeur" htmlFor="smtp-from" error={errors.from?.message}>
              <input
                id="smtp-from"
                className={inputClass(!!errors.from)}
                placeholder="GMAO <no-reply@exemple.ma>"
                {...form.register('from')}
              />
            </FormField>
            <label className="flex min-h-11 items-center gap-2 self-end text-sm">
              <input type="checkbox" className="h-5 w-5" {...form.register('secure')} /> Connexion TLS directe (port
              465)
            </label>
            <div className="sm:col-span-2">
              <label className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="h-5 w-5"
                  aria-describedby="smtp-unverified-warning"
                  {...form.register('allowUnverifiedCertificate')}
                />{' '}
                {M.allowUnverifiedCertificate}
              </label>
              <p
                id="smtp-unverified-warning"
                className={
                  allowUnverified
                    ? 'rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900'
                    : 'text-xs text-slate-500'
                }
                role={allowUnverified ? 'alert' : undefined}
              >
                {M.allowUnverifiedCertificateWarning}
              </p>
            </div>
            <div className="sm:col-span-2 flex justify-end">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Enregistrement...' : 'Enregistrer'}
              </Button>
            </div>
          </form>
          <form
            className="mt-4 flex flex-col gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-end"
            onSubmit={(e) => {
              e.preventDefault();
              if (to) test.mutate(to);
            }}
          >
            <FormField label="Adresse de test" htmlFor="smtp-test-to">
              <input
                id="smtp-test-to"
                type="email"
                className={inputClass()}
                value={to}
                onChange={(e) => setTo(e.target.value)}
              />
            </FormField>
            <Button type="submit" variant="secondary" disabled={test.isPending || !to}>
              {test.isPending ? 'Envoi...' : M.testButton}
            </Button>
          </form>
        </>
      )}
    </section>
  );
}
