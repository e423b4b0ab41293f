import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn } from './data-table';

interface Client {
  id: number;
  nom: string;
  ville: string;
}

const columns: DataTableColumn<Client>[] = [
  { key: 'nom', header: 'Nom', render: (c) => c.nom },
  { key: 'ville', header: 'Ville', render: (c) => c.ville },
];
const rows: Client[] = [
  { id: 1, nom: 'Acme', ville: 'Lyon' },
  { id: 2, nom: 'Globex', ville: 'Paris' },
];

/** A phone-sized screen: the (max-width: 639px) query matches. */
function phoneScreen(matches: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
  );
}

describe('DataTable on a phone', () => {
  beforeEach(() => phoneScreen(true));
  afterEach(() => vi.unstubAllGlobals());

  it('shows one card per row: the first column as title, the others as labelled values, then the actions', async () => {
    const onRowClick = vi.fn();
    const onEdit = vi.fn();
    render(
      <DataTable
        caption="Liste des clients"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        onRowClick={onRowClick}
        actions={(r) => (
          <button type="button" onClick={() => onEdit(r.id)}>
            Modifier {r.nom}
          </button>
        )}
      />,
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Liste des clients' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const [acme, globex] = cards;
    if (!acme || !globex) throw new Error('one card per row expected');
    expect(within(globex).getByText('Globex')).toBeInTheDocument();
    expect(within(globex).getByRole('term')).toHaveTextContent('Ville');
    expect(within(globex).getByRole('definition')).toHaveTextContent('Paris');

    await userEvent.click(within(globex).getByRole('button', { name: 'Modifier Globex' }));
    expect(onEdit).toHaveBeenCalledWith(2);
    expect(onRowClick).not.toHaveBeenCalled();
    await userEvent.click(within(acme).getByText('Lyon'));
    expect(onRowClick).toHaveBeenCalledWith(rows[0]);
  });

  it('shows skeleton cards while loading and the empty message when there is no row', () => {
    const { rerender } = render(<DataTable columns={columns} rows={undefined} loading rowKey={(r) => r.id} />);
    expect(document.querySelectorAll('[data-skeleton="true"]')).toHaveLength(5);
    rerender(<DataTable columns={columns} rows={[]} rowKey={(r) => r.id} emptyMessage="Aucun client" />);
    expect(screen.getByText('Aucun client')).toBeInTheDocument();
  });

  it('puts a control column (non-text header) before the title and leaves hidden columns out', async () => {
    const onRowClick = vi.fn();
    const withControls: DataTableColumn<Client>[] = [
      {
        key: 'select',
        header: <input type="checkbox" aria-label="Tout sélectionner" />,
        render: (c) => <input type="checkbox" aria-label={`Sélectionner ${c.nom}`} />,
      },
      ...columns,
      { key: 'id', header: 'Id', render: (c) => `#${c.id}`, card: 'hidden' },
    ];
    render(<DataTable columns={withControls} rows={rows} rowKey={(r) => r.id} onRowClick={onRowClick} />);
    const [card] = screen.getAllByRole('listitem');
    if (!card) throw new Error('one card per row expected');
    expect(
      within(card)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Ville']);
    expect(within(card).queryByText('#1')).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('checkbox', { name: 'Sélectionner Acme' }));
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it("keeps the table when mobileLayout is 'scroll'", () => {
    render(<DataTable columns={columns} rows={rows} rowKey={(r) => r.id} mobileLayout="scroll" />);
    expect(screen.getByRole('table')).toBeInTheDocument();
  });
});
