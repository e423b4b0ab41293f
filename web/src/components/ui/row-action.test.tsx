import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pencil, Trash2 } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { RowAction } from './row-action';

describe('RowAction', () => {
  it('is a button named by its label that calls onClick', async () => {
    const onClick = vi.fn();
    render(<RowAction label="Modifier Atlas SARL" icon={Pencil} onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Modifier Atlas SARL' });
    expect(button).toHaveAttribute('title', 'Modifier Atlas SARL');
    expect(button).toHaveAttribute('type', 'button');
    expect(button.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('uses the danger colours for the danger tone', () => {
    render(<RowAction label="Supprimer Atlas SARL" icon={Trash2} tone="danger" onClick={() => {}} />);
    expect(screen.getByRole('button', { name: 'Supprimer Atlas SARL' })).toHaveClass('text-red-600');
  });
});
