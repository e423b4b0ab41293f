import type { InterventionRequest } from '@gmao/domain/requests/request-schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../lib/testing/session';
import { PublicRequestPage } from './public-request-page';
import { RequestsScreen } from './requests-screen';

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
let fetchMock: ReturnType<typeof vi.fn>;
let requests: InterventionRequest[] = [];
const sent: { url: string; init?: RequestInit }[] = [];

const request: InterventionRequest = {
  id: 12,
  statut: 'NOUVELLE',
  source: 'QR',
  equipement: { id: 3, nom: 'Groupe électrogène GE-2' },
  client: { id: 4, nom_entreprise: 'Textiles du Détroit' },
  description: 'Ne démarre plus',
  nom: 'Karim Tazi',
  telephone: '0612345678',
  email: null,
  portal_user_id: null,
  created_at: '2026-11-28T09:00:00.000Z',
  decided_by: null,
  decided_at: null,
  motif: null,
  intervention_id: null,
  photos: [],
};

beforeEach(() => {
  sent.length = 0;
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    sent.push({ url, init });
    if (url.includes('/public/requests/bon-jeton') && init?.method === 'POST')
      return json(201, { success: true, data: null, message: 'Votre demande a été transmise.' });
    if (url.includes('/public/requests/bon-jeton'))
      return json(200, {
        success: true,
        data: { equipement: 'Compresseur GA-37', entreprise: 'Atlas Maintenance', logo_url: null },
      });
    if (url.includes('/public/requests/'))
      return json(404, { success: false, message: "Ce lien n'est pas valide.", code: 'NOT_FOUND' });
    if (url.includes('/decline')) return json(200, { success: true, data: null, message: 'Demande refusée' });
    if (url.includes('/requests'))
      return json(200, {
        success: true,
        data: requests,
        pagination: { total: requests.length, pages: 1, page: 1, limit: 10 },
      });
    return json(200, { success: true, data: [], pagination: { total: 0, pages: 0, page: 1, limit: 10 } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const wrap = (ui: React.ReactNode) =>
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        {ui}
      </QueryClientProvider>
    </MemoryRouter>,
    signedIn({ id: 1, role: 'Administrateur' }),
  );

describe('public request page', () => {
  it('shows a plain French page for a bad token, and no form', async () => {
    render(<PublicRequestPage token="inconnu" />, signedIn({ id: 1, role: 'Administrateur' }));
    await screen.findByRole('heading', { name: 'Lien invalide' });
    expect(screen.getByText("Ce lien n'est pas valide.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Envoyer la demande' })).toBeNull();
  });

  it('checks the phone number in French before sending, keeps the honeypot out of reach, then sends the form', async () => {
    render(<PublicRequestPage token="bon-jeton" />, signedIn({ id: 1, role: 'Administrateur' }));
    await screen.findByText('Compresseur GA-37');
    expect(screen.getByText('Atlas Maintenance')).toBeTruthy();
    const honeypot = document.querySelector('input[name="site_web"]') as HTMLInputElement;
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();

    fireEvent.change(screen.getByLabelText(/^Description du problème/), { target: { value: 'Fuite' } });
    fireEvent.change(screen.getByLabelText(/^Votre nom/), { target: { value: 'Karim' } });
    fireEvent.change(screen.getByLabelText(/^Votre téléphone/), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer la demande' }));
    await screen.findByText(/Numéro de téléphone marocain invalide/);
    expect(sent.some((s) => s.init?.method === 'POST')).toBe(false);

    fireEvent.input(screen.getByLabelText(/^Votre téléphone/), { target: { value: '+212 6 12 34 56 78' } });
    expect(screen.queryByText(/Numéro de téléphone marocain invalide/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer la demande' }));
    await screen.findByText('Votre demande a été transmise.');
    const post = sent.find((s) => s.init?.method === 'POST')!;
    const body = post.init!.body as FormData;
    expect(body.get('telephone')).toBe('+212 6 12 34 56 78');
    expect(body.get('site_web')).toBe('');
  });
});

describe('requests inbox', () => {
  it('says when there is no request', async () => {
    requests = [];
    wrap(<RequestsScreen />);
    await screen.findByText('Aucune demande nouvelle');
    expect(sent.some((s) => s.url.includes('statut=NOUVELLE'))).toBe(true);
  });

  it('declines only with a reason, after confirmation', async () => {
    requests = [request];
    wrap(<RequestsScreen />);
    fireEvent.click((await screen.findAllByRole('button', { name: 'Voir la demande n° 12' }))[0]!);
    const detail = await screen.findByRole('dialog', { name: 'Demande n° 12' });
    fireEvent.click(within(detail).getByRole('button', { name: 'Refuser' }));
    const confirm = await screen.findByRole('dialog', { name: 'Refuser la demande' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Refuser' }));
    await within(confirm).findByText('Indiquez le motif du refus');
    expect(sent.some((s) => s.url.includes('/decline'))).toBe(false);
    fireEvent.change(within(confirm).getByLabelText(/^Motif du refus/), { target: { value: 'Hors contrat' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Refuser' }));
    await waitFor(() => expect(sent.some((s) => s.url.includes('/requests/12/decline'))).toBe(true));
    const call = sent.find((s) => s.url.includes('/decline'))!;
    expect(JSON.parse(String(call.init!.body))).toEqual({ motif: 'Hors contrat' });
  });

  it('merges only into a chosen open intervention of the same equipment', async () => {
    requests = [request];
    wrap(<RequestsScreen />);
    fireEvent.click((await screen.findAllByRole('button', { name: 'Voir la demande n° 12' }))[0]!);
    const detail = await screen.findByRole('dialog', { name: 'Demande n° 12' });
    fireEvent.click(within(detail).getByRole('button', { name: 'Fusionner' }));
    const confirm = await screen.findByRole('dialog', { name: 'Fusionner dans une intervention ouverte' });
    await waitFor(() =>
      expect(sent.some((s) => s.url.includes('/interventions?') && s.url.includes('equipement_id=3'))).toBe(true),
    );
    expect(sent.find((s) => s.url.includes('/interventions?'))!.url).toContain('open=true');
    await within(confirm).findByText(/Aucune intervention ouverte sur cet équipement/);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Fusionner' }));
    await within(confirm).findByText('Choisissez l’intervention dans laquelle fusionner la demande');
    expect(sent.some((s) => s.url.includes('/merge'))).toBe(false);
  });
});
