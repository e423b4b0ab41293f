import { TEMPLATE_MESSAGES } from '@gmao/domain/templates/template-schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { visite } from '../../features/templates/components/template-test-fixtures';
import { signedIn } from '../../lib/testing/session';
import { useNewInterventionLauncher } from './new-intervention';

// The creation form asks whether the user may assign (a technician here: no assignee field).

const equipment = [
  { id: 41, nom: 'Transfo TR1', type_equipement: 'TRANSFORMATEUR', proprietaire: { id: 1, nom_entreprise: 'ONEE' } },
  { id: 50, nom: 'Pompe P1', type_equipement: 'POMPE', proprietaire: { id: 1, nom_entreprise: 'ONEE' } },
];
const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

let calls: { method: string; url: URL; body: unknown }[] = [];
beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        url: new URL(url, 'http://x'),
        body: init.body ? JSON.parse(String(init.body)) : null,
      };
      calls.push(call);
      if (call.method === 'POST') {
        return json(201, { success: true, data: { id: 77 }, message: TEMPLATE_MESSAGES.interventionCreated });
      }
      if (call.url.pathname === '/api/equipment') {
        const type = call.url.searchParams.get('type_equipement');
        const data = equipment.filter((e) => !type || e.type_equipement === type);
        return json(200, { success: true, data, pagination: { total: data.length, pages: 1, page: 1, limit: 1000 } });
      }
      return json(200, { success: true, data: [visite] });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function Launcher() {
  const launcher = useNewInterventionLauncher();
  return (
    <>
      <button type="button" onClick={() => launcher.open()}>
        Ouvrir
      </button>
      {launcher.modal}
    </>
  );
}

function Landing() {
  return <p>Arrivé sur {useLocation().search}</p>;
}

describe("'Partir d'un modèle' in the intervention creation form", () => {
  it('offers the templates fitting the chosen equipment, then creates from one for it and opens the result', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <Routes>
            <Route path="/" element={<Launcher />} />
            <Route path="/interventions" element={<Landing />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
      signedIn({}),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ouvrir' }));
    const form = await screen.findByRole('dialog', { name: 'Nouvelle Intervention' }); // loaded when first opened
    await userEvent.click(within(form).getByRole('combobox', { name: /Équipement/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Transfo TR1 — ONEE' }));
    await userEvent.click(within(form).getByRole('button', { name: "Partir d'un modèle" }));

    const picker = await screen.findByRole('dialog', { name: "Partir d'un modèle" });
    await userEvent.click(await within(picker).findByRole('button', { name: `Choisir ${visite.nom}` }));
    const templateCall = calls.find((c) => c.url.pathname === '/api/interventions/templates');
    expect(templateCall?.url.searchParams.get('type_equipement')).toBe('TRANSFORMATEUR');

    const use = await screen.findByRole('dialog', { name: `Nouvelle Intervention — ${visite.nom}` });
    await waitFor(() =>
      expect(within(use).getByRole('combobox', { name: /Équipement/ })).toHaveTextContent('Transfo TR1 — ONEE'),
    );
    await userEvent.click(within(use).getByRole('button', { name: "Créer l'intervention" }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: expect.objectContaining({ pathname: `/api/interventions/templates/${visite.id}/create` }),
      body: expect.objectContaining({ equipement_id: 41 }),
    });
    expect(await screen.findByText('Arrivé sur ?id=77')).toBeInTheDocument();
  });
});
