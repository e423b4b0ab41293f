import { useState } from 'react';
import { notify } from './toast';

/**
 * The item a list asks to delete, and its deletion once the user confirms: success toasts the server's message
 * (or `success`) and clears the item, which closes the dialog; a failure goes to `onError` and the dialog stays open.
 */
export function useConfirmedDelete<T extends { id: number }>(
  mutation: { mutateAsync: (id: number) => Promise<{ message?: string }> },
  { success, onError }: { success: string; onError: (err: unknown) => void },
) {
  const [toDelete, setToDelete] = useState<T | null>(null);
  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      const res = await mutation.mutateAsync(toDelete.id);
      notify.success(res.message ?? success);
      setToDelete(null);
    } catch (err) {
      onError(err);
    }
  };
  return { toDelete, setToDelete, confirmDelete };
}
