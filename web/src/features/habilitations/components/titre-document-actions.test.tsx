import type { Habilitation } from '@gmao/domain/habilitations/habilitation-schemas';
import { TITRE_DOCUMENT_MESSAGES as M } from '@gmao/domain/habilitations/titre-document';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spyOnToasts } from '../../../lib/testing/toasts';
import { notify } from '../../../lib/toast';
import { UserHabilitations } from './user-habilitations';

beforeEach(() => {
  spyOnToasts();
});

/** Issue 34: the scanned signed titre (PDF) of each row — downloaded by its holder, uploaded by the managers. */

const titre = (id: number, document: boolean): Habilitation => ({
  id,
  user_id: 7,
  user_nom: 'Karim Alaoui',
  symbole: 'B2V',
  attribut: null,
  domaine: 'BT',
  champ: '',
  restrictions: '',
  delivree_le: '2026-01-01',
  valide_jusqu_au: '2028-12-31',
  signataire: 'M. Bennani',
  document,
  etat: 'valid',
  created_at: '2026-01-01T08:00:00.000Z',
  created_by: null,
});
const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (url.endsWith('/titre') && init?.method === 'PUT') return json({ success: true, data: titre(1, true) });
    if (url.endsWith('/titre')) {
      return Promise.resolve(new Response('%PDF-1.4', { headers: { 'content-type': 'application/pdf' } }));
    }
    return json({
      success: true,
      data: { aptitude_medicale_jusqu_au: null, titres: [titre(1, true), titre(2, false)] },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:titre'), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderTab(canManage: boolean) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <UserHabilitations userId={7} nom="Karim Alaoui" canManage={canManage} />
    </QueryClientProvider>,
  );
}
const who = 'B2V de Karim Alaoui';

describe('the signed titre on the habilitation rows', () => {
  it('the holder downloads the stored one and uploads nothing', async () => {
    const user = userEvent.setup();
    renderTab(false);
    const download = await screen.findAllByRole('button', { name: `${M.download} ${who}` });
    expect(download).toHaveLength(1); // the row without a document has none
    expect(screen.queryByRole('button', { name: new RegExp(M.upload) })).toBeNull();
    await user.click(download[0] as HTMLElement);
    await vi.waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/habilitations/1/titre')).toBe(true);
  });

  it('a manager uploads a PDF (field « titre ») and is told at once when the file is not a PDF', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderTab(true);
    expect(await screen.findByRole('button', { name: `${M.replace} ${who}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `${M.upload} ${who}` })).toBeInTheDocument();
    const input = screen.getAllByLabelText(`Fichier du titre signé ${who}`)[1] as HTMLElement;
    await user.upload(input, new File(['x'], 'photo.png', { type: 'image/png' }));
    expect(notify.error).toHaveBeenCalledWith(M.notPdf);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);
    await user.upload(input, new File(['%PDF-1.4'], 'titre.pdf', { type: 'application/pdf' }));
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith(M.uploaded));
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT')!;
    expect(url).toBe('/api/habilitations/2/titre');
    expect((init.body as FormData).get('titre')).toBeInstanceOf(File);
  });
});
