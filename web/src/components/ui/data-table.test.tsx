import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect, useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
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

/**
 * A list page: records what its table showed when each of its updates was committed (its layout effect runs in that
 * commit, after the table's).
 */
function Page({ data, loading, seen }: { data: Client[] | undefined; loading?: boolean; seen: string[] }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const body = ref.current?.querySelector('tbody');
    seen.push(body?.querySelector('[data-skeleton]') ? 'placeholder' : (body?.textContent ?? ''));
  });
  return (
    <div ref={ref}>
      <DataTable columns={columns} rows={data} loading={loading} rowKey={(r) => r.id} />
    </div>
  );
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('DataTable', () => {
  it('renders column headers and rows', () => {
    render(<DataTable columns={columns} rows={rows} rowKey={(r) => r.id} />);
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Nom', 'Ville']);
    expect(headers[0]).toHaveAttribute('scope', 'col');
    expect(bodyRows()).toHaveLength(2);
    expect(screen.getByRole('cell', { name: 'Globex' })).toBeInTheDocument();
  });

  it('draws the first rows to arrive in a deferred render, the placeholder staying up in the update that brings them', () => {
    const seen: string[] = [];
    const { rerender } = render(<Page data={undefined} loading seen={seen} />);
    // The query's answer: loading ends and the rows come in one synchronous update.
    rerender(<Page data={rows} seen={seen} />);
    expect(seen).toEqual(['placeholder', 'placeholder']);
    // Then the deferred render has drawn them.
    expect(bodyRows()).toHaveLength(2);
    expect(screen.getByRole('cell', { name: 'Globex' })).toBeInTheDocument();
    // Rows replacing rows (another page) are drawn in the update itself.
    rerender(<Page data={[{ id: 3, nom: 'Initech', ville: 'Rabat' }]} seen={seen} />);
    expect(seen.at(-1)).toBe('InitechRabat');
  });

  it('shows exactly 5 skeleton rows while loading, with aria-busy', () => {
    render(<DataTable columns={columns} rows={undefined} loading rowKey={(r) => r.id} />);
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(bodyRows()).toHaveLength(5);
    expect(screen.queryByText('Aucune donnée disponible')).not.toBeInTheDocument();
  });

  it('shows the default empty message in one full-width cell', () => {
    render(<DataTable columns={columns} rows={[]} rowKey={(r) => r.id} actions={() => null} />);
    const cell = screen.getByRole('cell', { name: 'Aucune donnée disponible' });
    expect(cell).toHaveAttribute('colspan', '3');
  });

  it('shows a custom empty message', () => {
    render(<DataTable columns={columns} rows={[]} rowKey={(r) => r.id} emptyMessage="Aucun client" />);
    expect(screen.getByText('Aucun client')).toBeInTheDocument();
  });

  it('has an Actions column only when actions are given', () => {
    const { rerender } = render(<DataTable columns={columns} rows={rows} rowKey={(r) => r.id} />);
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    rerender(
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        actions={(r) => <button type="button">Modifier {r.nom}</button>}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Modifier Acme' })).toBeInTheDocument();
  });

  it('calls onRowClick on row click but not from the actions cell', async () => {
    const onRowClick = vi.fn();
    const onEdit = vi.fn();
    render(
      <DataTable
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
    await userEvent.click(screen.getByRole('button', { name: 'Modifier Globex' }));
    expect(onEdit).toHaveBeenCalledWith(2);
    expect(onRowClick).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('cell', { name: 'Globex' }));
    expect(onRowClick).toHaveBeenCalledTimes(1);
    expect(onRowClick).toHaveBeenCalledWith(rows[1]);
  });

  it('makes clickable rows keyboard-accessible (Tab then Enter)', async () => {
    const onRowClick = vi.fn();
    render(<DataTable columns={columns} rows={rows} rowKey={(r) => r.id} onRowClick={onRowClick} />);
    const [first] = bodyRows();
    expect(first).toHaveAttribute('tabindex', '0');
    await userEvent.tab();
    expect(first).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenCalledWith(rows[0]);
  });

  it('rows are not focusable without onRowClick', () => {
    render(<DataTable columns={columns} rows={rows} rowKey={(r) => r.id} />);
    expect(bodyRows()[0]).not.toHaveAttribute('tabindex');
  });

  it('moves focus to the first row when the focused row disappears (e.g. just deleted)', () => {
    const actions = (r: Client) => <button type="button">Supprimer {r.nom}</button>;
    const { rerender } = render(
      <DataTable columns={columns} rows={rows} rowKey={(r) => r.id} onRowClick={() => {}} actions={actions} />,
    );
    screen.getByRole('button', { name: 'Supprimer Globex' }).focus();
    rerender(
      <DataTable
        columns={columns}
        rows={rows.slice(0, 1)}
        rowKey={(r) => r.id}
        onRowClick={() => {}}
        actions={actions}
      />,
    );
    expect(bodyRows()[0]).toHaveFocus();
  });
});
