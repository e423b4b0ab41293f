import { PAUSE_MOTIF_MESSAGES } from '@gmao/domain/contracts/contract-constants';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PauseDialog } from './pause-dialog';

describe('PauseDialog (issue 31)', () => {
  it('requires a motif (French message, nothing sent), then sends the one chosen with the note', async () => {
    const onConfirm = vi.fn();
    render(<PauseDialog open saving={false} onClose={vi.fn()} onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: PAUSE_MOTIF_MESSAGES.confirm }));
    expect(await screen.findByText(PAUSE_MOTIF_MESSAGES.required)).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    // Each motif says what it does to the guaranteed times.
    expect(screen.getByText(PAUSE_MOTIF_MESSAGES.hints.ATTENTE_CLIENT)).toBeInTheDocument();
    expect(screen.getByText(PAUSE_MOTIF_MESSAGES.hints.AUTRE)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /Attente client/ }));
    await userEvent.type(screen.getByLabelText(PAUSE_MOTIF_MESSAGES.noteLabel), 'Accès au poste refusé');
    await userEvent.click(screen.getByRole('button', { name: PAUSE_MOTIF_MESSAGES.confirm }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('ATTENTE_CLIENT', 'Accès au poste refusé'));
  });
});
