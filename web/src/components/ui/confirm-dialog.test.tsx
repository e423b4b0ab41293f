import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

describe('ConfirmDialog', () => {
  it('shows the default texts', () => {
    render(<ConfirmDialog open onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('dialog', { name: "Confirmer l'action" })).toBeInTheDocument();
    expect(screen.getByText('Êtes-vous sûr de vouloir continuer ?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirmer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeInTheDocument();
  });

  it('shows custom texts', () => {
    render(
      <ConfirmDialog
        open
        kind="danger"
        title="Supprimer le client"
        message={<strong>Action irréversible</strong>}
        confirmLabel="Supprimer"
        cancelLabel="Retour"
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Supprimer le client' })).toBeInTheDocument();
    expect(screen.getByText('Action irréversible')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Supprimer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retour' })).toBeInTheDocument();
  });

  it.each([
    ['warning', 'bg-amber-100'],
    ['danger', 'bg-red-100'],
    ['info', 'bg-blue-100'],
    ['success', 'bg-green-100'],
  ] as const)('comes in the %s kind, with its own colours', (kind, colour) => {
    render(<ConfirmDialog open kind={kind} onConfirm={() => {}} onCancel={() => {}} />);
    const dialog = screen.getByRole('dialog');
    expect(dialog.querySelector('[data-kind]')).toHaveAttribute('data-kind', kind);
    expect(dialog.querySelector(`.${colour}`)).not.toBeNull();
  });

  it('calls onConfirm and onCancel', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmDialog open onConfirm={onConfirm} onCancel={onCancel} />);
    await userEvent.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('cancels on Escape and on overlay click when not loading', async () => {
    const onCancel = vi.fn();
    render(<ConfirmDialog open onConfirm={() => {}} onCancel={onCancel} />);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByTestId('modal-overlay'));
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('while loading: disables both buttons, shows a spinner, ignores overlay click and Escape', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmDialog open loading onConfirm={onConfirm} onCancel={onCancel} />);
    const confirm = screen.getByRole('button', { name: 'Confirmer' });
    const cancel = screen.getByRole('button', { name: 'Annuler' });
    expect(confirm).toBeDisabled();
    expect(cancel).toBeDisabled();
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    expect(confirm.querySelector('.animate-spin')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeDisabled();

    await userEvent.click(screen.getByTestId('modal-overlay'));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(confirm);
    expect(onCancel).not.toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
