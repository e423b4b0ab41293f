import { Loader2 } from 'lucide-react';

const SIZES = {
  xs: 'h-3.5 w-3.5',
  sm: 'h-4 w-4',
  md: 'h-6 w-6',
  lg: 'h-10 w-10',
} as const;

export type SpinnerSize = keyof typeof SIZES;

/**
 * Spinning loader icon. Decorative (aria-hidden) unless `label` is given, in which case it is announced as a status.
 */
export function Spinner({
  size = 'sm',
  className = '',
  label,
}: {
  size?: SpinnerSize;
  className?: string;
  label?: string;
}) {
  const icon = <Loader2 className={`${SIZES[size]} shrink-0 animate-spin ${className}`} aria-hidden="true" />;
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}
