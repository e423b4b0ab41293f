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
      className={`rounded-md p-2.5 transition-colors sm:p-1.5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 ${
        tone === 'danger' ? 'text-red-600 hover:bg-red-50' : 'text-slate-500 hover:bg-slate-100 hover:text-blue-700'
      }`}
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
    </button>
  );
}
