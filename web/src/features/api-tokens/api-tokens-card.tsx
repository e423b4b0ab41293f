import {
  type ApiToken,
  type CreateApiToken,
  createApiTokenSchema,
  API_TOKEN_MESSAGES as M,
} from '@gmao/domain/auth/api-token-schemas';
import { PERMISSION_DESCRIPTIONS, type Permission } from '@gmao/domain/auth/permissions';
import { addDays } from '@gmao/domain/common/days';
import { metricsToday } from '@gmao/domain/dashboard/metrics';
import { formatDate, formatDateTime } from '@gmao/domain/format/format';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { FormField, fieldAria, inputClass } from '../../components/ui/form-field';
import { FormModal } from '../../components/ui/form-modal';
import { LoadErrorState } from '../../components/ui/load-error-state';
import { Modal } from '../../components/ui/modal';
import { ApiError, api, type Envelope } from '../../lib/api-client';
import { usePermissions } from '../../lib/session';
import { notify } from '../../lib/toast';

const tokensKey = ['api-tokens'] as const;
const FORM_ID = 'api-token-form';

function state(t: ApiToken): { label: string; tone: 'green' | 'gray' | 'red' } {
  if (t.revoked_at) return { label: M.revokedState, tone: 'red' };
  if (new Date(t.expire_le) <= new Date()) return { label: M.expired, tone: 'gray' };
  return { label: M.expires(formatDate(t.expire_le)), tone: 'green' };
}

function CreateTokenModal({ onClose, onCreated }: { onClose: () => void; onCreated: (token: string) => void }) {
  const { permissions } = usePermissions();
  const today = metricsToday();
  const queryClient = useQueryClient();
  const form = useForm<CreateApiToken>({
    resolver: zodResolver(createApiTokenSchema(today)),
    defaultValues: { nom: '', scopes: [], expire_le: addDays(today, 90) },
  });
  const create = useMutation({
    mutationFn: (body: CreateApiToken) =>
      api.post<Envelope<ApiToken & { token: string }>>('/tokens', body, { silent: true }),
    onSuccess: (res) => {
      void queryClient.invalidateQueries({ queryKey: tokensKey });
      notify.success(M.created);
      onCreated(res.data.token);
    },
    onError: (err) => notify.error(err instanceof ApiError ? err.message : M.loadError),
  });
  const { errors } = form.formState;
  return (
    <FormModal
      open
      onClose={onClose}
      title={M.createTitle}
      formId={FORM_ID}
      saving={create.isPending}
      submitLabel={M.create}
    >
      <form id={FORM_ID} noValidate onSubmit={form.handleSubmit((v) => create.mutate(v))} className="space-y-4">
        <FormField label={M.nomLabel} htmlFor="token-nom" required error={errors.nom?.message} help={M.nomHelp}>
          <input
            id="token-nom"
            className={inputClass(!!errors.nom)}
            {...fieldAria('token-nom', errors.nom?.message, M.nomHelp)}
            {...form.register('nom')}
          />
        </FormField>
        <FormField
          label={M.expiryLabel}
          htmlFor="token-expiry"
          required
          error={errors.expire_le?.message}
          help={M.expiryHelp}
        >
          <input
            id="token-expiry"
            type="date"
            min={addDays(today, 1)}
            max={addDays(today, 366)}
            className={inputClass(!!errors.expire_le)}
            {...fieldAria('token-expiry', errors.expire_le?.message, M.expiryHelp)}
            {...form.register('expire_le')}
          />
        </FormField>
        <fieldset aria-describedby={errors.scopes ? 'token-scopes-error' : undefined}>
          <legend className="mb-1 block text-sm font-medium text-slate-700">{M.scopesLabel}</legend>
          <div className="max-h-64 space-y-1 overflow-y-auto rounded-lg border border-slate-200 p-2">
            {permissions.map((p) => (
              <label key={p} className="flex items-start gap-2 rounded px-1 py-1 text-sm hover:bg-slate-50">
                <input type="checkbox" value={p} className="mt-0.5" {...form.register('scopes')} />
                <span>
                  <span className="font-mono text-xs text-slate-500">{p}</span>
                  <span className="block text-slate-800">{PERMISSION_DESCRIPTIONS[p as Permission]}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.scopes && (
            <p id="token-scopes-error" role="alert" className="mt-1 text-sm text-red-600">
              {errors.scopes.message ?? errors.scopes.root?.message}
            </p>
          )}
        </fieldset>
      </form>
    </FormModal>
  );
}

function ShownOnce({ token, onClose }: { token: string; onClose: () => void }) {
  const copy = async () => {
    await navigator.clipboard?.writeText(token);
    notify.success(M.copied);
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={M.shownOnceTitle}
      closeOnOverlayClick={false}
      footer={<Button onClick={onClose}>{M.done}</Button>}
    >
      <p className="mb-3 text-sm text-slate-600">{M.shownOnce}</p>
      <div className="flex items-center gap-2">
        <code data-testid="new-api-token" className="min-w-0 flex-1 break-all rounded bg-slate-100 px-2 py-1.5 text-xs">
          {token}
        </code>
        <Button variant="secondary" onClick={copy} aria-label={M.copy}>
          <Copy className="h-4 w-4" aria-hidden="true" /> {M.copy}
        </Button>
      </div>
    </Modal>
  );
}

/** Paramètres → Jetons d'API (issue 35): the user's tokens (an administrator's list has everyone's). */
export function ApiTokensCard() {
  const queryClient = useQueryClient();
  const { isAdmin } = usePermissions();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const query = useQuery({
    queryKey: tokensKey,
    queryFn: async () => (await api.get<Envelope<ApiToken[]>>('/tokens', { silent: true })).data,
  });
  const revoke = useMutation({
    mutationFn: (id: number) => api.delete<Envelope<null>>(`/tokens/${id}`, { silent: true }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: tokensKey });
      notify.success(M.revoked);
      setRevoking(null);
    },
    onError: (err) => notify.error(err instanceof ApiError ? err.message : M.loadError),
  });
  return (
    <section aria-label={M.title} className="rounded-xl border border-slate-200 bg-white p-6">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-900">{M.title}</h2>
          <p className="text-sm text-slate-500">{M.intro}</p>
        </div>
        <Button onClick={() => setCreating(true)}>
          <KeyRound className="h-4 w-4" aria-hidden="true" /> {M.create}
        </Button>
      </div>
      {query.isError ? (
        <LoadErrorState title={M.loadError} description={M.loadError} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <p className="text-sm text-slate-500">Chargement…</p>
      ) : query.data.length === 0 ? (
        <EmptyState title={M.empty} description={M.emptyHint} />
      ) : (
        <ul className="divide-y divide-slate-100">
          {query.data.map((t) => {
            const s = state(t);
            const live = !t.revoked_at && s.tone === 'green';
            return (
              <li key={t.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {t.nom} <span className="font-mono text-xs text-slate-500">{t.prefixe}…</span>
                    {isAdmin && <span className="ml-2 text-sm text-slate-500">· {t.user.nom}</span>}
                  </p>
                  <p className="text-xs text-slate-500">{t.scopes.join(', ')}</p>
                  <p className="text-xs text-slate-500">
                    {t.last_used_at ? M.lastUsed(formatDateTime(t.last_used_at), t.last_used_ip ?? '') : M.neverUsed}
                  </p>
                </div>
                <div className="flex shrink-0 items-center gap-2">
                  <Badge tone={s.tone}>{s.label}</Badge>
                  {live && (
                    <Button variant="secondary" size="sm" onClick={() => setRevoking(t)}>
                      {M.revoke}
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {creating && (
        <CreateTokenModal
          onClose={() => setCreating(false)}
          onCreated={(token) => {
            setCreating(false);
            setShown(token);
          }}
        />
      )}
      {shown && <ShownOnce token={shown} onClose={() => setShown(null)} />}
      <ConfirmDialog
        open={revoking !== null}
        kind="danger"
        title={M.revokeTitle}
        message={revoking ? M.revokeConfirm(revoking.nom) : ''}
        confirmLabel={M.revoke}
        loading={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
      />
    </section>
  );
}
