import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FormModal } from './form-modal';

function renderFormModal(saving: boolean) {
  const onClose = vi.fn();
  const onSubmit = vi.fn((e: React.FormEvent) => e.preventDefault());
  render(
    <FormModal
      open
      onClose={onClose}
      title="Nouvelle section"
      formId="section-form"
      saving={saving}
      submitLabel={saving ? 'Enregistrement...' : 'Enregistrer'}
    >
      <form id="section-form" onSubmit={onSubmit}>
        <input aria-label="Nom" />
      </form>
    </FormModal>,
  );
  return { onClose, onSubmit };
}

describe('FormModal', () => {
  it('is a dialog named by its title whose footer submits the form or cancels', async () => {
    const { onClose, onSubmit } = renderFormModal(false);
    expect(screen.getByRole('dialog', { name: 'Nouvelle section' })).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Enregistrer' });
    expect(submit).toHaveAttribute('type', 'submit');
    expect(submit).toHaveAttribute('form', 'section-form');
    await userEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does not close on an overlay click', async () => {
    const { onClose } = renderFormModal(false);
    await userEvent.click(screen.getByTestId('modal-overlay'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('while saving: the submit button spins, nothing closes the modal', async () => {
    const { onClose } = renderFormModal(true);
    const submit = screen.getByRole('button', { name: 'Enregistrement...' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });
});
