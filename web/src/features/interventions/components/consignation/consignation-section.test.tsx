import { CONSIGNATION_MESSAGES as M } from '@gmao/domain/habilitations/consignation';
import { CONSIGNATION_LABELS as L } from '@gmao/domain/habilitations/consignation-labels';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as signatureField from '../../../../components/ui/signature-field';
import { signedIn } from '../../../../lib/testing/session';
import { interventionRow } from '../list/list-test-fixtures';
import { ConsignationSection } from './consignation-section';

// The signature pads need a canvas (jsdom has none): a stand-in that signs at once (a spy on the module, set in
// beforeEach: not a vi.mock, the file shares its worker).
const signsAtOnce = ({ label, onChange }: { label: string; onChange: (png: string | null) => void }) => (
  <button type="button" onClick={() => onChange(`data:image/png;base64,${btoa(label).replace(/=/g, '')}`)}>
    {`Signer : ${label}`}
  </button>
);

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
let fetchMock: ReturnType<typeof vi.fn>;
let putAnswer: () => Promise<Response>;
const people = [
  { id: 7, nom: 'Karim Technicien', username: 'karim', role: 'Technicien' },
  { id: 8, nom: 'Sara Stagiaire', username: 'sara', role: 'Technicien' },
];

beforeEach(() => {
  vi.spyOn(signatureField, 'SignatureField').mockImplementation(signsAtOnce);
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') return putAnswer();
    if (String(url).includes('/technicians')) return json(200, { success: true, data: people });
    return json(200, { success: true, data: null });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderSection() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const intervention = interventionRow(5, 'Transformateur HTA', 'PLANIFIEE', {
    technicianId: 7,
    type_travail: 'CONSIGNATION',
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <ConsignationSection intervention={intervention} />
    </QueryClientProvider>,
    signedIn({ id: 7, role: 'Technicien', permissions: ['interventions:read', 'interventions:update'] }),
  );
}

describe('ConsignationSection', () => {
  it('marks steps done with their time and chargé, and shows the server refusal as it says it', async () => {
    putAnswer = () => json(400, { success: false, message: M.outOfOrder('Séparation', "Identification de l'ouvrage") });
    const user = userEvent.setup();
    renderSection();
    expect(await screen.findByText(L.notNumbered)).toBeInTheDocument();
    const separation = screen.getByRole('listitem', { name: 'Séparation' });
    await user.click(within(separation).getByRole('button', { name: `${L.done} : Séparation` }));
    expect(within(separation).getByLabelText(L.by)).toHaveValue('7');
    expect(within(separation).getByLabelText(L.doneAt)).not.toHaveValue('');
    const ident = screen.getByRole('listitem', { name: "Identification de l'ouvrage" });
    await user.click(within(ident).getByRole('button', { name: `${L.done} : Identification de l'ouvrage` }));
    await user.click(screen.getByRole('button', { name: L.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Étape de consignation hors d'ordre : « Identification de l'ouvrage » ne peut venir qu'après « Séparation »",
    );
    const body = JSON.parse(fetchMock.mock.calls.find((c) => c[1]?.method === 'PUT')![1].body);
    expect(body.etapes.map((s: { etape: string }) => s.etape)).toEqual(['SEPARATION', 'IDENTIFICATION']);
    expect(body.charge_consignation_id).toBe(7);
  });

  it('says the record is saved, with its number', async () => {
    putAnswer = () =>
      json(200, {
        success: true,
        message: M.saved,
        data: {
          intervention_id: 5,
          numero: 'CONS-2026-000001',
          charge_consignation: { id: 7, nom: 'Karim Technicien' },
          charge_travaux: { id: 7, nom: 'Karim Technicien' },
          etapes: [{ etape: 'SEPARATION', fait_le: '2026-12-01T08:01:00.000Z', par_id: 7 }],
          signe_charge_consignation: false,
          signe_charge_travaux: false,
          attestee_le: null,
          deconsignation: [],
          deconsignee_le: null,
          signatures: { charge_consignation: false, charge_travaux: false },
        },
      });
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: `${L.done} : Séparation` }));
    await user.click(screen.getByRole('button', { name: L.save }));
    expect(await screen.findByRole('status')).toHaveTextContent(M.saved);
    expect(screen.getByTestId('consignation-numero')).toHaveTextContent('CONS-2026-000001');
  });

  it('once the five steps are done, both chargés sign: the steps and the two images go in one save', async () => {
    putAnswer = () => json(422, { success: false, message: M.chargeConsignation('Karim Technicien', 'HC') });
    const user = userEvent.setup();
    renderSection();
    await screen.findByRole('button', { name: `${L.done} : Séparation` });
    expect(screen.queryByRole('button', { name: `Signer : ${L.signatureCharge}` })).toBeNull();
    for (const step of [
      'Séparation',
      'Condamnation (cadenas)',
      "Identification de l'ouvrage",
      "Vérification d'absence de tension",
      'Mise à la terre et en court-circuit',
    ]) {
      await user.click(screen.getByRole('button', { name: `${L.done} : ${step}` }));
    }
    await user.type(screen.getByLabelText(L.lock), 'CAD-7');
    await user.click(screen.getByLabelText(L.detectorBefore));
    await user.click(screen.getByLabelText(L.detectorAfter));
    const sign = screen.getByRole('button', { name: L.sign });
    expect(sign).toBeDisabled();
    await user.click(screen.getByRole('button', { name: `Signer : ${L.signatureCharge}` }));
    await user.click(screen.getByRole('button', { name: `Signer : ${L.signatureTravaux}` }));
    await user.click(sign);
    // The server's refusal of the signer, as it says it.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Karim Technicien ne peut pas être chargé de consignation : habilitation HC requise',
    );
    const body = JSON.parse(fetchMock.mock.calls.find((c) => c[1]?.method === 'PUT')![1].body);
    expect(body.etapes).toHaveLength(5);
    expect(body.etapes[1].cadenas).toBe('CAD-7');
    expect(body.signature_charge_consignation).toMatch(/^data:image\/png;base64,/);
    expect(body.signature_charge_travaux).toMatch(/^data:image\/png;base64,/);
  });
});
