import { UNDO_MESSAGES, UNDO_TOAST_SECONDS } from '@gmao/domain/interventions/workflow';
import { toast } from 'react-hot-toast';

/**
 * A success toast with 'Annuler' for UNDO_TOAST_SECONDS (issue 14: one tap changes a status, one tap takes it back).
 * The undo itself goes through the server's rule (POST /:id/status/undo).
 */
export function toastWithUndo(message: string, onUndo: () => void) {
  toast.success(
    (t) => (
      <span className="flex items-center gap-3">
        <span>{message}</span>
        <button
          type="button"
          onClick={() => {
            toast.dismiss(t.id);
            onUndo();
          }}
          className="min-h-11 rounded-md border border-blue-200 px-3 text-sm font-semibold text-blue-700 hover:bg-blue-50 sm:min-h-8"
        >
          {UNDO_MESSAGES.undo}
        </button>
      </span>
    ),
    { duration: UNDO_TOAST_SECONDS * 1000 },
  );
}
