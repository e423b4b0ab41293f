import { AlertTriangle, Bell, CheckCircle2, Info } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { RelativeTime } from '../ui/relative-time';
import { useDismiss } from './use-dismiss';

/** One notification as the bell shows it (the API's shape: spec §3 "Notification sample" plus its intervention). */
export interface BellNotification {
  id: number;
  type: 'urgent' | 'success' | 'info';
  title: string;
  message: string;
  time: string;
  read: boolean;
}

export const BELL_TEXTS = {
  title: 'Notifications',
  seeAll: 'Voir toutes les notifications',
  markAllRead: 'Tout marquer comme lu',
  empty: 'Aucune notification',
  loading: 'Chargement…',
  unread: (n: number) => `${n} non lue${n > 1 ? 's' : ''}`,
  /** The badge's text, which the button's name repeats (WCAG 2.5.3, label in name). */
  badge: (n: number) => (n > 99 ? '99+' : String(n)),
} as const;

const ICONS = {
  urgent: <AlertTriangle className="h-4 w-4 text-red-600" aria-hidden="true" />,
  success: <CheckCircle2 className="h-4 w-4 text-green-600" aria-hidden="true" />,
  info: <Info className="h-4 w-4 text-blue-600" aria-hidden="true" />,
};

export interface NotificationBellProps {
  items: readonly BellNotification[];
  unread: number;
  loading?: boolean;
  /** A click on an item: mark it read and open what it is about. */
  onOpen: (n: BellNotification) => void;
  onMarkAllRead: () => void;
  seeAllHref: string;
  /** Told each time the list opens (the live bell reads its items from the first opening on). */
  onOpened?: () => void;
}

/** The top bar's bell: unread count, the latest notifications, mark all read, and the link to the full list. */
export function NotificationBell({
  items,
  unread,
  loading,
  onOpen,
  onMarkAllRead,
  seeAllHref,
  onOpened,
}: NotificationBellProps) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);

  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        onClick={() => {
          if (!open) onOpened?.();
          setOpen(!open);
        }}
        className="relative rounded-lg p-2 text-slate-600 hover:bg-slate-100"
        aria-label={`${BELL_TEXTS.title} (${unread > 99 ? `${BELL_TEXTS.badge(unread)} non lues` : BELL_TEXTS.unread(unread)})`}
        aria-expanded={open}
        aria-haspopup="true"
      >
        <Bell className="h-5 w-5" aria-hidden="true" />
        {unread > 0 && (
          <span
            className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-bold text-white"
            data-testid="bell-count"
          >
            {BELL_TEXTS.badge(unread)}
          </span>
        )}
      </button>
      {open && (
        <div className="fixed inset-x-2 top-16 z-50 rounded-xl border border-slate-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:right-0 sm:top-auto sm:mt-2 sm:w-96">
          <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
            <p className="font-semibold">{BELL_TEXTS.title}</p>
            <span className="text-xs text-slate-500">{BELL_TEXTS.unread(unread)}</span>
            {unread > 0 && (
              <button
                type="button"
                onClick={onMarkAllRead}
                className="ml-auto text-xs font-medium text-blue-700 hover:underline"
              >
                {BELL_TEXTS.markAllRead}
              </button>
            )}
          </div>
          {loading ? (
            <p className="px-4 py-6 text-center text-sm text-slate-500">{BELL_TEXTS.loading}</p>
          ) : items.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-slate-500">{BELL_TEXTS.empty}</p>
          ) : (
            <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
              {items.map((n) => (
                <li key={n.id}>
                  <button
                    type="button"
                    onClick={() => {
                      close();
                      onOpen(n);
                    }}
                    className={`flex min-h-11 w-full gap-3 px-4 py-3 text-left hover:bg-slate-50 ${n.read ? '' : 'bg-blue-50/50'}`}
                  >
                    <span className="mt-0.5">{ICONS[n.type]}</span>
                    <span className="min-w-0">
                      <span className="block text-sm font-medium text-slate-900">
                        {n.title}
                        {!n.read && <span className="sr-only"> (non lue)</span>}
                      </span>
                      <span className="block text-sm text-slate-600">{n.message}</span>
                      <span className="mt-1 block text-xs text-slate-500">
                        <RelativeTime value={n.time} />
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="border-t border-slate-100 px-4 py-2 text-center">
            <Link to={seeAllHref} onClick={close} className="text-sm font-medium text-blue-700 hover:underline">
              {BELL_TEXTS.seeAll}
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
