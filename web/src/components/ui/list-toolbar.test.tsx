import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ListToolbar } from './list-toolbar';

function Harness({
  onFilter = () => {},
  onSearch = () => {},
}: {
  onFilter?: (v: string) => void;
  onSearch?: (v: string) => void;
}) {
  const [secteur, setSecteur] = useState('');
  return (
    <ListToolbar
      search=""
      onSearchChange={onSearch}
      searchPlaceholder="Rechercher un client..."
      searchLabel="Rechercher un client"
      filter={{
        label: 'Filtrer par secteur',
        allLabel: 'Tous les secteurs',
        value: secteur,
        options: [{ value: 'Textile', label: 'Textile' }],
        onChange: (v) => {
          setSecteur(v);
          onFilter(v);
        },
      }}
      action={<button type="button">Nouveau Client</button>}
    />
  );
}

describe('ListToolbar', () => {
  it('names the search box and the filter, shows the action, and starts on the "all" option', () => {
    render(<Harness />);
    expect(screen.getByRole('searchbox', { name: 'Rechercher un client' })).toHaveAttribute(
      'placeholder',
      'Rechercher un client...',
    );
    expect(screen.getByRole('combobox', { name: 'Filtrer par secteur' })).toHaveTextContent('Tous les secteurs');
    expect(screen.getByRole('button', { name: 'Nouveau Client' })).toBeInTheDocument();
  });

  it('reports the chosen filter value, and "" when "all" is chosen again', async () => {
    const onFilter = vi.fn();
    render(<Harness onFilter={onFilter} />);
    const filter = screen.getByRole('combobox', { name: 'Filtrer par secteur' });
    await userEvent.click(filter);
    await userEvent.click(screen.getByRole('option', { name: 'Textile' }));
    expect(onFilter).toHaveBeenLastCalledWith('Textile');
    expect(filter).toHaveTextContent('Textile');
    await userEvent.click(filter);
    await userEvent.click(screen.getByRole('option', { name: 'Tous les secteurs' }));
    expect(onFilter).toHaveBeenLastCalledWith('');
    expect(filter).toHaveTextContent('Tous les secteurs');
  });

  it('reports the search text once typing pauses', async () => {
    const onSearch = vi.fn();
    render(<Harness onSearch={onSearch} />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Rechercher un client' }), { target: { value: 'atlas' } });
    await vi.waitFor(() => expect(onSearch).toHaveBeenCalledWith('atlas'));
  });
});
