import { DELETE_CONFIRM } from '@gmao/domain/clients/client-constants';
import { TEMPLATE_MESSAGES } from '@gmao/domain/templates/template-schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../lib/testing/session';
import { type Call, depannage, json, visite } from './template-test-fixtures';
import { TemplatesList } from './templates-list';

const granted = new Set<string>();

const TECHNICIAN = ['interventions:read', 'interventions:create'];
const MANAGER = [...TECHNICIAN, 'templates:manage'];

let calls: Call[] = [];
let listStatus = 200;
let listData = [visite, depannage];

beforeEach(() => {
  granted.clear();
  calls = [];
  listStatus = 200;
  listData = [visite, depannage];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const call = { method: init.method ?? 'GET', url: new URL(url, 'http://x'), body: null };
      calls.push(call);
      if (call.method === 'DELETE') return json(200, { success: true, data: null, message: TEMPLATE_MESSAGES.deleted });
      if (listStatus !== 200) return json(listStatus, { success: false, message: 'boom' });
      return json(200, { success: true, data: listData });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const listCalls = () => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/interventions/templates');
const lastListQuery = () => Object.fromEntries(listCalls().at(-1)?.url.searchParams ?? []);

function renderList(permissions: string[]) {
  for (const p of permissions) granted.add(p);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <TemplatesList />
    </QueryClientProvider>,
    signedIn({ permissions: [...granted] }),
  );
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
const flat = (s: string | null) => (s ?? '').replace(/[\s\u00a0\u202f]/g, ' ');

describe('TemplatesList', () => {
  it('shows name, type, urgency, steps, materials with their planned MAD total, usage and state', async () => {
    renderList(MANAGER);
    const row = await rowOf(visite.nom);
    for (const text of ['Transformateur', 'Normale', '3 étapes', '2 lignes', '7', 'Actif']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    // 1 × 350 + 2,5 × 120
    expect(flat(within(row).getByText(/MAD/).textContent)).toBe('650,00 MAD');
    const other = await rowOf(depannage.nom);
    for (const text of [TEMPLATE_MESSAGES.allTypes, 'Urgente', '1 étape', 'Inactif']) {
      expect(within(other).getByText(text)).toBeInTheDocument();
    }
  });

  it('searches (debounced), filters by equipment type and, for managers, shows disabled ones on demand', async () => {
    renderList(MANAGER);
    await rowOf(visite.nom);
    expect(lastListQuery()).toEqual({});
    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher un modèle' }), 'visite');
    await waitFor(() => expect(lastListQuery()).toEqual({ search: 'visite' }));
    await userEvent.click(screen.getByRole('combobox', { name: "Filtrer par type d'équipement" }));
    await userEvent.click(screen.getByRole('option', { name: 'Groupe électrogène' }));
    await waitFor(() => expect(lastListQuery()).toEqual({ search: 'visite', type_equipement: 'GROUPE_ELECTROGENE' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Afficher les modèles désactivés' }));
    await waitFor(() =>
      expect(lastListQuery()).toEqual({ search: 'visite', type_equipement: 'GROUPE_ELECTROGENE', actif: 'all' }),
    );
  });

  it('hides every management action from a technician, who may only use active templates', async () => {
    renderList(TECHNICIAN);
    const row = await rowOf(visite.nom);
    expect(within(row).getByRole('button', { name: `Utiliser ${visite.nom}` })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: `Modifier ${visite.nom}` })).toBeNull();
    expect(within(row).queryByRole('button', { name: `Supprimer ${visite.nom}` })).toBeNull();
    expect(within(await rowOf(depannage.nom)).queryByRole('button', { name: /Utiliser/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Nouveau modèle' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Afficher les modèles désactivés' })).toBeNull();
  });

  it('confirms a deletion naming the template and saying interventions keep their copy', async () => {
    renderList(MANAGER);
    await userEvent.click(within(await rowOf(visite.nom)).getByRole('button', { name: `Supprimer ${visite.nom}` }));
    const dialog = screen.getByRole('dialog', { name: DELETE_CONFIRM.title });
    expect(within(dialog).getByText(visite.nom)).toBeInTheDocument();
    expect(within(dialog).getByText(TEMPLATE_MESSAGES.deleteKeepsCopies)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: DELETE_CONFIRM.confirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'DELETE')?.url.pathname).toBe(`/api/interventions/templates/${visite.id}`);
  });

  it('says when nothing matches, and offers a retry when the list cannot be loaded', async () => {
    listData = [];
    renderList(TECHNICIAN);
    expect(await screen.findByText(TEMPLATE_MESSAGES.none)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher un modèle' }), 'zzz');
    expect(await screen.findByText(TEMPLATE_MESSAGES.empty)).toBeInTheDocument();
    listStatus = 500;
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Rechercher un modèle' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher un modèle' }), 'yyy');
    expect(await screen.findByText(TEMPLATE_MESSAGES.loadFailed)).toBeInTheDocument();
    listStatus = 200;
    listData = [visite];
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText(visite.nom)).toBeInTheDocument();
  });
});
