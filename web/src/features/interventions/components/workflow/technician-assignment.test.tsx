import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { signedIn } from '../../../../lib/testing/session';
import { interventionRow } from '../list/list-test-fixtures';
import { TechnicianAssignment } from './technician-assignment';

// A responsible (interventions:assign) opens the detail of an intervention held by technician #147.

let release: () => void = () => {};
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      () =>
        // the technicians arrive after the first render, as on the first opening of a detail
        new Promise<Response>((resolve) => {
          release = () =>
            resolve(
              new Response(
                JSON.stringify({
                  success: true,
                  data: [
                    { id: 146, nom: 'Amine Idrissi', username: 'a.idrissi', role: 'Technicien' },
                    { id: 147, nom: 'Youssef Benali', username: 'y.benali', role: 'Technicien' },
                  ],
                }),
                { status: 200, headers: { 'content-type': 'application/json' } },
              ),
            );
        }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

it('shows the assignee on the first opening, before and after the technicians load (bug #147/#150)', async () => {
  const intervention = interventionRow(9, 'Transformateur T2', 'PLANIFIEE', {
    technicianId: 147,
    technician: { id: 147, nom: 'Youssef Benali' },
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TechnicianAssignment intervention={intervention} />
    </QueryClientProvider>,
    signedIn({ id: 1, role: 'Responsable', permissions: ['interventions:update', 'interventions:assign'] }),
  );
  const select = screen.getByLabelText<HTMLSelectElement>('Technicien assigné');
  expect(select.selectedOptions[0]?.textContent).toBe('Youssef Benali');
  release();
  await waitFor(() => expect(select.options.length).toBe(3));
  expect(select.value).toBe('147');
  expect(select.selectedOptions[0]?.textContent).toBe('Youssef Benali — Technicien');
});
