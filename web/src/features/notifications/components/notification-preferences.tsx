import {
  NOTIFICATION_MESSAGES as M,
  NOTIFICATION_EVENT_LABELS,
  NOTIFICATION_EVENT_PERMISSION,
  type NotificationPreference,
} from '@gmao/domain/notifications/notification-schemas';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadErrorState } from '../../../components/ui/load-error-state';
import { usePermissions } from '../../../lib/session';
import { usePreferences, useSavePreferences } from '../api/notifications';

/** Settings → Notifications: per event, in the application and/or by e-mail. */
export function NotificationPreferences() {
  const { can } = usePermissions();
  const query = usePreferences();
  const save = useSavePreferences();
  const [draft, setDraft] = useState<NotificationPreference[]>([]);
  useEffect(() => {
    if (query.data) setDraft(query.data);
  }, [query.data]);
  const shown = draft.filter((p) => {
    const needs = NOTIFICATION_EVENT_PERMISSION[p.event];
    return !needs || can(needs);
  });
  const set = (event: NotificationPreference['event'], key: 'in_app' | 'email', on: boolean) =>
    setDraft((d) => d.map((p) => (p.event === event ? { ...p, [key]: on } : p)));

  return (
    <section aria-label={M.preferencesTitle} className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 className="mb-1 text-lg font-semibold text-slate-900">{M.preferencesTitle}</h2>
      <p className="mb-4 text-sm text-slate-500">{M.preferencesIntro}</p>
      {query.isError ? (
        <LoadErrorState
          description="Les préférences n'ont pas pu être chargées."
          onRetry={() => void query.refetch()}
        />
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(draft);
          }}
        >
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-slate-500">
                <th scope="col" className="py-2 font-medium">
                  Événement
                </th>
                <th scope="col" className="w-28 py-2 text-center font-medium">
                  {M.preferencesInApp}
                </th>
                <th scope="col" className="w-28 py-2 text-center font-medium">
                  {M.preferencesEmail}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {shown.map((p) => (
                <tr key={p.event}>
                  <th scope="row" className="py-2 text-left font-normal text-slate-900">
                    {NOTIFICATION_EVENT_LABELS[p.event]}
                  </th>
                  {(['in_app', 'email'] as const).map((key) => (
                    <td key={key} className="text-center">
                      <label className="inline-flex min-h-11 min-w-11 items-center justify-center">
                        <input
                          type="checkbox"
                          className="h-5 w-5"
                          checked={p[key]}
                          aria-label={`${NOTIFICATION_EVENT_LABELS[p.event]} — ${key === 'in_app' ? M.preferencesInApp : M.preferencesEmail}`}
                          onChange={(e) => set(p.event, key, e.target.checked)}
                        />
                      </label>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <div className="mt-4 flex justify-end">
            <Button type="submit" disabled={save.isPending || query.isPending}>
              {save.isPending ? 'Enregistrement...' : 'Enregistrer'}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
