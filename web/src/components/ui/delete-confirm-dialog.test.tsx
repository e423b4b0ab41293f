import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DeleteConfirmDialog } from './delete-confirm-dialog';

describe('DeleteConfirmDialog', () => {
  it('names the item, warns that it is irreversible and confirms or cancels', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<DeleteConfirmDialog open item="Atlas SARL" loading={false} onConfirm={onConfirm} onCancel={onCancel} />);
    expect(screen.getByRole('dialog', { name: 'Confirmer la suppression' })).toBeInTheDocument();
    expect(screen.getByText('Êtes-vous sûr de vouloir supprimer :')).toBeInTheDocument();
    expect(screen.getByText('Atlas SARL')).toBeInTheDocument();
    expect(screen.getByText('Cette action est irréversible !')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer définitivement' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('never closes on an overlay click, even when not deleting (spec §2: these modals)', async () => {
    const onCancel = vi.fn();
    render(<DeleteConfirmDialog open item="Atlas SARL" loading={false} onConfirm={() => {}} onCancel={onCancel} />);
    await userEvent.click(screen.getByTestId('modal-overlay'));
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('disables the confirmation while deleting', () => {
    render(<DeleteConfirmDialog open item="Atlas SARL" loading onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('button', { name: 'Supprimer définitivement' })).toBeDisabled();
  });

  it('renders nothing when closed', () => {
    render(
      <DeleteConfirmDialog open={false} item="Atlas SARL" loading={false} onConfirm={() => {}} onCancel={() => {}} />,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
