import { HABILITATION_UI as HU } from '@gmao/domain/habilitations/habilitation-schemas';
import { INTERVENTION_MESSAGES } from '@gmao/domain/interventions/intervention-schemas';
import { TEMPLATE_MESSAGES } from '@gmao/domain/templates/template-schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../lib/testing/session';
import { spyOnToasts } from '../../../lib/testing/toasts';
import { notify } from '../../../lib/toast';
import { type Call, json, visite } from './template-test-fixtures';
import { TemplatesList } from './templates-list';

beforeEach(() => {
  spyOnToasts();
});

const granted = new Set<string>();

const transformers = [
  { id: 41, nom: 'Transfo TR1', type_equipement: 'TRANSFORMATEUR', proprietaire: { id: 1, nom_entreprise: 'ONEE' } },
  { id: 42, nom: 'Transfo TR2', type_equipement: 'TRANSFORMATEUR', proprietaire: { id: 2, nom_entreprise: 'OCP' } },
];

let calls: Call[] = [];
let writeAnswer: () => Promise<Response>;

beforeEach(() => {
  granted.clear();
  calls = [];
  writeAnswer = () => json(201, { success: true, data: visite, message: TEMPLATE_MESSAGES.created });
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        url: new URL(url, 'http://x'),
        body: init.body ? JSON.parse(String(init.body)) : null,
      };
      calls.push(call);
      if (call.method !== 'GET') return writeAnswer();
      if (call.url.pathname === '/api/equipment') {
        return json(200, {
          success: true,
          data: transformers,
          pagination: { total: 2, pages: 1, page: 1, limit: 1000 },
        });
      }
      return json(200, { success: true, data: [visite] });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const writes = () => calls.filter((c) => c.method !== 'GET');

function renderList(permissions: string[], onInterventionCreated = vi.fn()) {
  for (const p of permissions) granted.add(p);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <TemplatesList onInterventionCreated={onInterventionCreated} />
    </QueryClientProvider>,
    signedIn({ permissions: [...granted] }),
  );
  return onInterventionCreated;
}

async function openNewTemplateForm() {
  renderList(['interventions:create', 'templates:manage']);
  await userEvent.click(await screen.findByRole('button', { name: 'Nouveau modèle' }));
  return screen.getByRole('dialog', { name: 'Nouveau modèle' });
}

describe('the template form', () => {
  it('validates with the domain messages and sends nothing while invalid', async () => {
    const dialog = await openNewTemplateForm();
    await userEvent.type(within(dialog).getByLabelText('Durée estimée (minutes)'), '1,5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter une étape' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter du matériel' }));
    await userEvent.type(within(dialog).getByLabelText(/Prix unitaire.*ligne 1/), '12,345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer le modèle' }));
    for (const message of [
      TEMPLATE_MESSAGES.nomRequired,
      TEMPLATE_MESSAGES.dureeInvalid,
      TEMPLATE_MESSAGES.stepRequired,
      TEMPLATE_MESSAGES.designationRequired,
      TEMPLATE_MESSAGES.prixInvalid,
    ]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(writes()).toEqual([]);
  });

  it('posts the body of the domain schema: steps in the chosen order, French decimals, type or none', async () => {
    const dialog = await openNewTemplateForm();
    await userEvent.type(within(dialog).getByLabelText(/Nom du modèle/), 'Contrôle cellule HTA');
    await userEvent.click(within(dialog).getByRole('combobox', { name: "Type d'équipement" }));
    await userEvent.click(screen.getByRole('option', { name: 'Cellule HTA' }));
    await userEvent.type(within(dialog).getByLabelText('Durée estimée (minutes)'), '90');
    for (const step of ['Essais de manœuvre', 'Consignation']) {
      await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter une étape' }));
      const inputs = within(dialog).getAllByLabelText(/^Étape \d+$/);
      await userEvent.type(inputs.at(-1) as HTMLElement, step);
    }
    await userEvent.click(within(dialog).getByRole('button', { name: "Monter l'étape 2" }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter du matériel' }));
    await userEvent.type(within(dialog).getByLabelText(/Désignation.*ligne 1/), 'Graisse contacts');
    const quantite = within(dialog).getByLabelText(/Quantité.*ligne 1/);
    await userEvent.clear(quantite);
    await userEvent.type(quantite, '0,5');
    await userEvent.type(within(dialog).getByLabelText(/Prix unitaire.*ligne 1/), '80');
    expect(
      within(dialog)
        .getByText(/Total prévu/)
        .textContent?.replace(/[\u00a0\u202f]/g, ' '),
    ).toContain('40,00 MAD');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer le modèle' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: 'POST',
      url: expect.objectContaining({ pathname: '/api/interventions/templates' }),
      body: {
        nom: 'Contrôle cellule HTA',
        type_equipement: 'CELLULE_HTA',
        description: null,
        urgence: false,
        duree_estimee: 90,
        checklist: ['Consignation', 'Essais de manœuvre'],
        materiaux: [{ designation: 'Graisse contacts', reference: null, quantite: '0.5', prixUnitaire: '80' }],
        actif: true,
        type_travail: null,
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notify.success).toHaveBeenCalledWith(TEMPLATE_MESSAGES.created);
  });

  it("shows the server's field errors on their fields and stays open", async () => {
    writeAnswer = () =>
      json(409, {
        success: false,
        message: TEMPLATE_MESSAGES.nomTaken,
        details: [{ field: 'nom', msg: TEMPLATE_MESSAGES.nomTaken }],
      });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const dialog = await openNewTemplateForm();
    await userEvent.type(within(dialog).getByLabelText(/Nom du modèle/), visite.nom);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer le modèle' }));
    expect(await within(dialog).findByText(TEMPLATE_MESSAGES.nomTaken)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Nom du modèle/)).toHaveAttribute('aria-invalid', 'true');
    expect(logged).toHaveBeenCalledWith(TEMPLATE_MESSAGES.createFailed, expect.anything());
    logged.mockRestore();
  });

  it('edits a template with its values shown as typed (French decimals, type, steps)', async () => {
    writeAnswer = () => json(200, { success: true, data: visite, message: TEMPLATE_MESSAGES.updated });
    renderList(['templates:manage']);
    await userEvent.click(await screen.findByRole('button', { name: `Modifier ${visite.nom}` }));
    const dialog = screen.getByRole('dialog', { name: 'Modifier le modèle' });
    expect(within(dialog).getByRole('combobox', { name: "Type d'équipement" })).toHaveTextContent('Transformateur');
    expect(within(dialog).getByLabelText(/Quantité.*ligne 2/)).toHaveValue('2,5');
    await userEvent.click(within(dialog).getByRole('button', { name: "Retirer l'étape 2" }));
    // Issue 34: the kind of work of the interventions made from it is editable
    const kind = within(dialog).getByLabelText(HU.typeTravail);
    expect(kind).toHaveValue('');
    await userEvent.selectOptions(kind, 'CONSIGNATION');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: 'PUT',
      url: expect.objectContaining({ pathname: `/api/interventions/templates/${visite.id}` }),
      body: expect.objectContaining({
        checklist: ['Consignation et mise à la terre', 'Remise sous tension'],
        type_travail: 'CONSIGNATION',
        materiaux: [
          expect.objectContaining({ quantite: '1', prixUnitaire: '350.00' }),
          expect.objectContaining({ quantite: '2.5', prixUnitaire: '120.00' }),
        ],
      }),
    });
  });
});

describe("'Utiliser' a template", () => {
  async function openUse(onCreated = vi.fn()) {
    renderList(['interventions:create'], onCreated);
    await userEvent.click(await screen.findByRole('button', { name: `Utiliser ${visite.nom}` }));
    return screen.getByRole('dialog', { name: `Nouvelle Intervention — ${visite.nom}` });
  }

  it('offers equipment of the template type only and shows what will be copied', async () => {
    const dialog = await openUse();
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/equipment')).toBe(true));
    const equipmentCall = calls.find((c) => c.url.pathname === '/api/equipment');
    expect(equipmentCall?.url.searchParams.get('type_equipement')).toBe('TRANSFORMATEUR');
    for (const step of visite.checklist) expect(within(dialog).getByText(step)).toBeInTheDocument();
    expect(within(dialog).getByText("Kit de prélèvement d'huile")).toBeInTheDocument();
    expect(
      within(dialog)
        .getByTestId('template-planned-total')
        .textContent?.replace(/[\u00a0\u202f]/g, ' '),
    ).toBe('650,00 MAD');
    expect(within(dialog).getByLabelText('Description')).toHaveValue(visite.description);
  });

  it('asks for the equipment, then posts equipment, date and overrides and opens the created intervention', async () => {
    writeAnswer = () => json(201, { success: true, data: { id: 99 }, message: TEMPLATE_MESSAGES.interventionCreated });
    const onCreated = vi.fn();
    const dialog = await openUse(onCreated);
    await userEvent.click(within(dialog).getByRole('button', { name: "Créer l'intervention" }));
    expect(await within(dialog).findByText(INTERVENTION_MESSAGES.equipementRequired)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Équipement/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Transfo TR2 — OCP' }));
    const date = within(dialog).getByLabelText(/Date/);
    await userEvent.clear(date);
    await userEvent.type(date, '2030-06-15');
    await userEvent.click(within(dialog).getByLabelText('Intervention urgente'));
    await userEvent.click(within(dialog).getByRole('button', { name: "Créer l'intervention" }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: 'POST',
      url: expect.objectContaining({ pathname: `/api/interventions/templates/${visite.id}/create` }),
      body: { equipement_id: 42, date: '2030-06-15', description: visite.description, urgence: true },
    });
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith({ id: 99 }));
    expect(notify.success).toHaveBeenCalledWith(TEMPLATE_MESSAGES.interventionCreated, 2000);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's refusal (equipment of another type) and stays open", async () => {
    const refusal = TEMPLATE_MESSAGES.wrongType('TRANSFORMATEUR', 'POMPE');
    writeAnswer = () => json(422, { success: false, message: refusal });
    const dialog = await openUse();
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Équipement/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Transfo TR1 — ONEE' }));
    await userEvent.click(within(dialog).getByRole('button', { name: "Créer l'intervention" }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(refusal, 4000));
    expect(screen.getByRole('dialog', { name: `Nouvelle Intervention — ${visite.nom}` })).toBeInTheDocument();
  });
});
