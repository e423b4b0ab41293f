import { Loader2 } from 'lucide-react';

export function PageLoader({ text = 'Chargement de la page...' }: { text?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[40vh] items-center justify-center gap-3 text-slate-600"
    >
      <Loader2 className="h-6 w-6 animate-spin text-blue-700" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
