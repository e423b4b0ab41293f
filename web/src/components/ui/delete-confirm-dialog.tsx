import { DELETE_CONFIRM } from '@gmao/domain/clients/client-constants';
import type { ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog';

/**
 * The delete confirmation of spec §2: the item, 'Cette action est irréversible !', 'Supprimer définitivement'. Like the
 * dashboard's other modals it never closes on an overlay click (Escape and 'Annuler' still close it).
 */
export function DeleteConfirmDialog({
  open,
  item,
  loading,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  item: ReactNode;
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      kind="danger"
      title={DELETE_CONFIRM.title}
      confirmLabel={DELETE_CONFIRM.confirm}
      loading={loading}
      closeOnOverlayClick={false}
      onConfirm={onConfirm}
      onCancel={onCancel}
      message={
        <div className="space-y-2">
          <p>{DELETE_CONFIRM.prompt}</p>
          <p className="font-semibold text-slate-900">{item}</p>
          <p className="font-medium text-red-700">{DELETE_CONFIRM.irreversible}</p>
        </div>
      }
    />
  );
}
