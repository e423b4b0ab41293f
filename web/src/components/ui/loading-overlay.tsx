import { createPortal } from 'react-dom';
import { Spinner } from './spinner';

/**
 * Full-screen blocking overlay shown during saves (e.g. 'Création du client...'). Sits above modals (z-60 > z-50).
 */
export function LoadingOverlay({ show, text }: { show: boolean; text: string }) {
  if (!show) return null;
  return createPortal(
    <div
      role="status"
      aria-live="polite"
      aria-busy="true"
      className="fixed inset-0 z-60 flex cursor-wait items-center justify-center bg-slate-900/40 p-4 backdrop-blur-[1px]"
    >
      <div className="flex items-center gap-3 rounded-xl bg-white px-6 py-4 text-sm font-medium text-slate-800 shadow-xl">
        <Spinner size="md" className="text-blue-600" />
        <span>{text}</span>
      </div>
    </div>,
    document.body,
  );
}
