import { HABILITATION_UI as HU } from '@gmao/domain/habilitations/habilitation-schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { signedIn } from '../../../../lib/testing/session';
import { interventionRow } from '../list/list-test-fixtures';
import { TechnicianAssignment } from './technician-assignment';

// A responsible holding habilitations:override (the session of the render below).

const REASON = 'Habilitation H2V requise — celle de K. Alaoui a expiré le 12/10/2026';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let calls: { method: string; url: string; body: unknown }[] = [];
beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = init.body ? JSON.parse(String(init.body)) : null;
      calls.push({ method: init.method ?? 'GET', url, body });
      if (url.includes('/technicians')) {
        return json(200, {
          success: true,
          data: [
            {
              id: 2,
              nom: 'Omar Habilité',
              username: 'o',
              role: 'Technicien',
              habilitation: { ok: true, raison: null },
            },
            { id: 3, nom: 'K. Alaoui', username: 'k', role: 'Technicien', habilitation: { ok: false, raison: REASON } },
          ],
        });
      }
      if (body?.derogation) return json(200, { success: true, data: interventionRow(9, 'T2', 'PLANIFIEE') });
      return json(422, { success: false, code: 'HABILITATION_REQUISE', message: REASON, manquantes: [] });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

it('rates the technicians, shows the refusal reason and forces with a written justification', async () => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TechnicianAssignment intervention={interventionRow(9, 'Transformateur T2', 'PLANIFIEE')} />
    </QueryClientProvider>,
    signedIn({
      id: 1,
      role: 'Responsable',
      permissions: ['interventions:update', 'interventions:assign', 'habilitations:override'],
    }),
  );
  const select = screen.getByLabelText<HTMLSelectElement>('Technicien assigné');
  await waitFor(() => expect(select.options.length).toBe(3));
  expect(select.options[1]?.textContent).toBe('✓ Omar Habilité — Technicien');
  expect(select.options[2]?.textContent).toBe(`K. Alaoui — Technicien (${HU.notQualifiedBadge})`);
  expect(calls[0]?.url).toContain('intervention_id=9');

  await userEvent.selectOptions(select, '3');
  expect(screen.getByText(REASON)).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: "Enregistrer l'affectation" }));
  const alert = await screen.findByRole('alert');
  expect(within(alert).getByText(REASON)).toBeTruthy();

  await userEvent.click(within(alert).getByRole('button', { name: `${HU.derogationConfirm}…` }));
  await userEvent.type(screen.getByLabelText(/Justification/), 'Astreinte, titre en renouvellement');
  await userEvent.click(screen.getByRole('button', { name: HU.derogationConfirm }));
  await waitFor(() => expect(calls.some((c) => (c.body as { derogation?: unknown })?.derogation)).toBe(true));
  const forced = calls.find((c) => (c.body as { derogation?: unknown })?.derogation);
  expect(forced?.body).toMatchObject({ technicianId: 3, derogation: { motif: 'Astreinte, titre en renouvellement' } });
});
