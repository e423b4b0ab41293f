import { AlertTriangle, Bell, CheckCircle2, Info } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { NOTIFICATION_SAMPLES, SEE_ALL_NOTIFICATIONS } from './notifications';
import { useDismiss } from './use-dismiss';

const ICONS = {
  urgent: <AlertTriangle className="h-4 w-4 text-red-600" aria-hidden="true" />,
  success: <CheckCircle2 className="h-4 w-4 text-green-600" aria-hidden="true" />,
  info: <Info className="h-4 w-4 text-blue-600" aria-hidden="true" />,
};

export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);
  const unread = NOTIFICATION_SAMPLES.filter((n) => !n.read).length;

  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        className="relative rounded-lg p-2 text-slate-600 hover:bg-slate-100"
        aria-label={`Notifications (${unread} non lues)`}
        aria-expanded={open}
        aria-haspopup="true"
      >
        <Bell className="h-5 w-5" aria-hidden="true" />
        {unread > 0 && (
          <span className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-bold text-white">
            {unread}
          </span>
        )}
      </button>
      {open && (
        <div className="fixed inset-x-2 top-16 z-50 rounded-xl border border-slate-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:right-0 sm:top-auto sm:mt-2 sm:w-80">
          <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
            <p className="font-semibold">Notifications</p>
            <span className="text-xs text-slate-500">{unread} non lues</span>
          </div>
          <ul className="max-h-80 divide-y divide-slate-100 overflow-y-auto">
            {NOTIFICATION_SAMPLES.map((n) => (
              <li key={n.id} className={`flex gap-3 px-4 py-3 ${n.read ? '' : 'bg-blue-50/50'}`}>
                <span className="mt-0.5">{ICONS[n.type]}</span>
                <div className="min-w-0">
                  <p className="text-sm font-medium text-slate-900">{n.title}</p>
                  <p className="text-sm text-slate-600">{n.message}</p>
                  <p className="mt-1 text-xs text-slate-500">{n.time}</p>
                </div>
              </li>
            ))}
          </ul>
          <div className="border-t border-slate-100 px-4 py-2 text-center">
            <button type="button" onClick={close} className="text-sm font-medium text-blue-700 hover:underline">
              {SEE_ALL_NOTIFICATIONS}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
