import {
  WEBHOOK_MESSAGES as M,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type Webhook,
  type WebhookBody,
  type WebhookWithSecret,
  webhookBodySchema,
} from '@gmao/domain/webhooks/webhook-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormField, fieldAria, inputClass } from '../../../components/ui/form-field';
import { FormModal } from '../../../components/ui/form-modal';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useCreateWebhook, useUpdateWebhook } from '../api/mutate-webhook';

type FormValues = { url: string; events: string[]; actif: boolean };

/**
 * Creates or edits an endpoint: URL, the events it receives (a checklist), enabled. A creation hands the answer's
 * secret to `onCreated` (shown once).
 */
export function WebhookFormModal({
  webhook,
  onClose,
  onCreated,
}: {
  webhook: Webhook | null;
  onClose: () => void;
  onCreated: (created: WebhookWithSecret) => void;
}) {
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const saving = create.isPending || update.isPending;
  const form = useForm<FormValues, unknown, WebhookBody>({
    resolver: zodResolver(webhookBodySchema) as never,
    defaultValues: {
      url: webhook?.url ?? 'https://',
      events: webhook?.events ?? ['intervention.created', 'intervention.status_changed'],
      actif: webhook?.actif ?? true,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      if (webhook) {
        const res = await update.mutateAsync({ id: webhook.id, input });
        notify.success(res.message ?? M.updated);
        onClose();
      } else {
        const res = await create.mutateAsync(input);
        notify.success(res.message ?? M.created);
        onCreated(res.data);
      }
    } catch (err) {
      const urlError = err instanceof ApiError ? err.details.find((d) => d.field === 'url') : undefined;
      if (urlError?.msg) form.setError('url', { message: urlError.msg });
      notify.error((err instanceof ApiError && err.serverMessage) || M.saveFailed);
    }
  });

  return (
    <FormModal
      open
      onClose={onClose}
      title={webhook ? M.editTitle : M.newWebhook}
      size="2xl"
      formId="webhook-form"
      saving={saving}
      submitLabel={saving ? M.saving : M.save}
    >
      <form id="webhook-form" onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField label={M.urlLabel} htmlFor="webhook-url" required error={errors.url?.message} help={M.urlHelp}>
          <input
            id="webhook-url"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            className={inputClass(!!errors.url)}
            {...fieldAria('webhook-url', errors.url?.message)}
            {...form.register('url')}
          />
        </FormField>
        <fieldset aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-700">
            {M.eventsLabel} <span className="text-red-600">*</span>
          </legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {WEBHOOK_EVENTS.map((event) => (
              <label key={event} className="flex min-h-11 items-start gap-2 rounded-lg p-1 text-sm sm:min-h-0">
                <input
                  type="checkbox"
                  value={event}
                  className="mt-0.5 h-4 w-4 rounded border-slate-300"
                  {...form.register('events')}
                />
                <span>
                  <span className="text-slate-900">{WEBHOOK_EVENT_LABELS[event]}</span>
                  <code className="block text-xs text-slate-500">{event}</code>
                </span>
              </label>
            ))}
          </div>
          {errors.events && (
            <p id="webhook-events-error" role="alert" className="mt-1 text-sm text-red-600">
              {errors.events.message ?? errors.events.root?.message}
            </p>
          )}
        </fieldset>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="h-4 w-4 rounded border-slate-300" {...form.register('actif')} />
          {M.actifLabel}
        </label>
      </form>
    </FormModal>
  );
}
