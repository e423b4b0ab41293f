import type { LucideIcon } from 'lucide-react';

/** An icon button of a table row, named for screen readers and tests ('Modifier Atlas SARL'). */
export function RowAction({
  label,
  icon: Icon,
  onClick,
  tone = 'default',
}: {
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  tone?: 'default' | 'danger';
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className={`inline-flex h-11 min-w-11 items-center justify-center rounded-md p-1.5 transition-colors sm:h-7 sm:min-w-7 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 ${
        tone === 'danger' ? 'text-red-600 hover:bg-red-50' : 'text-slate-500 hover:bg-slate-100 hover:text-blue-700'
      }`}
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
    </button>
  );
}
