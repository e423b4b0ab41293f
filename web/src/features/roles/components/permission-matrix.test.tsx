import type { PermissionRow } from '@gmao/domain/roles/role-schemas';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PermissionMatrix } from './permission-matrix';

const permissions: PermissionRow[] = [
  { id: 1, module: 'clients', action: 'read', description: 'Consulter les clients', name: 'clients:read' },
  { id: 2, module: 'clients', action: 'delete', description: 'Supprimer des clients', name: 'clients:delete' },
  {
    id: 3,
    module: 'reports',
    action: 'read',
    description: 'Consulter et télécharger les rapports',
    name: 'reports:read',
  },
];

function Harness({ initial, disabled }: { initial: string[]; disabled?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <PermissionMatrix permissions={permissions} value={value} onChange={setValue} disabled={disabled} />
      <output aria-label="valeur">{[...value].sort().join(',')}</output>
    </>
  );
}

describe('PermissionMatrix', () => {
  it('shows modules × actions with the descriptions as tooltips', () => {
    render(<Harness initial={['clients:read']} />);
    expect(screen.getByRole('rowheader', { name: 'Clients' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Supprimer' })).toBeInTheDocument();
    const box = screen.getByRole('checkbox', { name: 'Clients : Consulter' });
    expect(box).toBeChecked();
    expect(box).toHaveAttribute('title', 'Consulter les clients');
    // no reports:delete permission: no checkbox in that cell
    expect(screen.queryByRole('checkbox', { name: 'Rapports : Supprimer' })).not.toBeInTheDocument();
  });

  it('toggles one permission or a whole module', async () => {
    render(<Harness initial={[]} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Rapports : Consulter' }));
    expect(screen.getByLabelText('valeur')).toHaveTextContent('reports:read');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Clients : toutes les permissions' }));
    expect(screen.getByLabelText('valeur')).toHaveTextContent('clients:delete,clients:read,reports:read');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Clients : toutes les permissions' }));
    expect(screen.getByLabelText('valeur')).toHaveTextContent(/^reports:read$/);
  });

  it('is read-only for the administrator role', () => {
    render(<Harness initial={['clients:read']} disabled />);
    for (const box of screen.getAllByRole('checkbox')) expect(box).toBeDisabled();
  });
});
