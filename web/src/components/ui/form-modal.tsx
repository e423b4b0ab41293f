import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal, type ModalSize } from './modal';

/**
 * A modal holding one create/edit form (spec §2): it does not close on an overlay click, cannot be closed while
 * saving, and its footer has 'Annuler' and the submit button of the form whose id is `formId` (a spinner while saving).
 */
export function FormModal({
  open,
  onClose,
  title,
  size,
  formId,
  saving,
  submitLabel,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalSize;
  formId: string;
  saving: boolean;
  submitLabel: ReactNode;
  children: ReactNode;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      size={size}
      closeOnOverlayClick={false}
      closeDisabled={saving}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Annuler
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {submitLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
