import { AlertTriangle, CheckCircle2, Info, type LucideIcon, OctagonAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './button';
import { Modal } from './modal';

export type ConfirmKind = 'warning' | 'danger' | 'info' | 'success';

const KINDS: Record<ConfirmKind, { icon: LucideIcon; iconClass: string; button: ButtonVariant }> = {
  warning: { icon: AlertTriangle, iconClass: 'bg-amber-100 text-amber-600', button: 'warning' },
  danger: { icon: OctagonAlert, iconClass: 'bg-red-100 text-red-600', button: 'danger' },
  info: { icon: Info, iconClass: 'bg-blue-100 text-blue-600', button: 'primary' },
  success: { icon: CheckCircle2, iconClass: 'bg-green-100 text-green-600', button: 'success' },
};

export interface ConfirmDialogProps {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  title?: ReactNode;
  message?: ReactNode;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  kind?: ConfirmKind;
  /** Disables both buttons, shows a spinner on the confirm button and blocks Escape/overlay closing. */
  loading?: boolean;
  /** False: an overlay click never closes it (the delete confirmation, spec §2 "Modals on the dashboard"). */
  closeOnOverlayClick?: boolean;
}

export function ConfirmDialog({
  open,
  onConfirm,
  onCancel,
  title = "Confirmer l'action",
  message = 'Êtes-vous sûr de vouloir continuer ?',
  confirmLabel = 'Confirmer',
  cancelLabel = 'Annuler',
  kind = 'warning',
  loading = false,
  closeOnOverlayClick = true,
}: ConfirmDialogProps) {
  const { icon: Icon, iconClass, button } = KINDS[kind];
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      size="md"
      closeOnOverlayClick={closeOnOverlayClick && !loading}
      closeDisabled={loading}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={loading}>
            {cancelLabel}
          </Button>
          <Button variant={button} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="flex items-start gap-4">
        <div
          data-kind={kind}
          className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full ${iconClass}`}
          aria-hidden="true"
        >
          <Icon className="h-5 w-5" />
        </div>
        <div className="pt-2 text-sm text-slate-700">{message}</div>
      </div>
    </Modal>
  );
}
