import { AUDIT_MESSAGES } from '@gmao/domain/audit/audit-messages';
import type { AuditEntry } from '@gmao/domain/audit/audit-schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spyOnToasts } from '../../../lib/testing/toasts';
import { notify } from '../../../lib/toast';
import { AuditLogScreen } from './audit-log-screen';

beforeEach(() => {
  spyOnToasts();
});

const entry = (id: number, extra: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: '2024-05-02T10:15:42.000Z',
  action: 'section.update',
  actorId: 1,
  actorUsername: 'admin',
  entityType: 'section',
  entityId: '12',
  summary: 'Section « Atelier » renommée',
  before: { nom: 'Atelier', responsableId: 4 },
  after: { nom: 'Atelier Nord', responsableId: 4 },
  ip: '10.0.0.7',
  requestId: 'req-7f3a',
  ...extra,
});

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

const page = (data: AuditEntry[], total = data.length) =>
  json(200, { success: true, data, pagination: { total, pages: Math.ceil(total / 10), page: 1, limit: 10 } });

/** The audit list answers from `respond`, the CSV export from `respondCsv`; the requested URLs are checked. */
let respond: () => Promise<Response>;
let respondCsv: () => Promise<Response>;
const fetchMock = vi.fn((url: string) => {
  if (url.startsWith('/api/audit/export/csv')) return respondCsv();
  if (url.startsWith('/api/audit')) return respond();
  return json(404, {});
});
const requested = (prefix: string) =>
  fetchMock.mock.calls
    .map(([url]) => url)
    .filter((url) => url.startsWith(prefix))
    .map((url) => new URL(url, 'http://localhost').searchParams);
const auditQueries = () => requested('/api/audit?');

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AuditLogScreen />
    </QueryClientProvider>,
  );
}

describe('AuditLogScreen', () => {
  it('lists events with their French label, date with seconds, user, object, summary and address', async () => {
    respond = () =>
      page([
        entry(2),
        entry(1, {
          action: 'section.create',
          actorId: null,
          actorUsername: null,
          ip: null,
          summary: null,
          before: null,
        }),
      ]);
    renderScreen();
    expect(await screen.findByRole('heading', { name: AUDIT_MESSAGES.title })).toBeInTheDocument();
    const updated = (await screen.findByText('Section modifiée')).closest('tr') as HTMLElement;
    for (const text of ['admin', 'Section #12', 'Section « Atelier » renommée', '10.0.0.7']) {
      expect(within(updated).getByText(text)).toBeInTheDocument();
    }
    expect(within(updated).getByText(/^\d{2}\/\d{2}\/2024 \d{2}:\d{2}:42$/)).toBeInTheDocument();
    const created = screen.getByText('Section créée').closest('tr') as HTMLElement;
    // no user: a system event
    expect(within(created).getAllByText('—').length).toBeGreaterThanOrEqual(3);
    expect(auditQueries()[0]?.toString()).toBe('page=1&limit=10');
  });

  it('a filter change asks the server for page 1 with that filter', async () => {
    respond = () =>
      json(200, {
        success: true,
        data: [entry(1)],
        pagination: { total: 30, pages: 3, page: 1, limit: 10 },
      });
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('Section modifiée');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(auditQueries().at(-1)?.get('page')).toBe('2'));

    await user.click(screen.getByRole('combobox', { name: AUDIT_MESSAGES.actionFilter }));
    await user.click(screen.getByRole('option', { name: 'Section créée' }));
    await waitFor(() => expect(auditQueries().at(-1)?.get('action')).toBe('section.create'));
    expect(auditQueries().at(-1)?.get('page')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(auditQueries().at(-1)?.get('page')).toBe('3'));
    await user.type(screen.getByRole('searchbox', { name: AUDIT_MESSAGES.actorFilter }), 'karim');
    await waitFor(() => expect(auditQueries().at(-1)?.get('actor')).toBe('karim'));
    const last = auditQueries().at(-1);
    expect(last?.get('page')).toBe('1');
    expect(last?.get('action')).toBe('section.create');
  });

  it('the detail shows permissions by their label and dates as fr-FR, not raw codes (issue 30)', async () => {
    respond = () =>
      page([
        entry(2, {
          before: { permissions: ['clients:read'], date_fin: '2026-03-01' },
          after: { permissions: ['clients:read', 'stock:manage'], date_fin: '2026-11-30' },
        }),
      ]);
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByText('Section modifiée'));
    const dialog = screen.getByRole('dialog', { name: AUDIT_MESSAGES.detailTitle });
    const changes = within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(changes).toEqual([
      'permissions : Consulter les clients → Consulter les clients, Gérer le catalogue de pièces, les emplacements et les mouvements de stock',
      'date_fin : 01/03/2026 → 30/11/2026',
    ]);
  });

  it('a row opens the detail with the changed fields (old → new), the request id and the address', async () => {
    respond = () => page([entry(2)]);
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByText('Section modifiée'));
    const dialog = screen.getByRole('dialog', { name: AUDIT_MESSAGES.detailTitle });
    const changes = within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    // the unchanged responsableId is not listed
    expect(changes).toEqual(['nom : Atelier → Atelier Nord']);
    expect(within(dialog).getByText('req-7f3a')).toBeInTheDocument();
    expect(within(dialog).getByText('10.0.0.7')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when no event matches', async () => {
    respond = () => page([]);
    renderScreen();
    expect(await screen.findByText(AUDIT_MESSAGES.empty)).toBeInTheDocument();
  });

  it('offers a retry when the log cannot be loaded, and shows it once the server answers', async () => {
    let fail = true;
    respond = () => (fail ? json(500, { success: false, message: 'boom' }) : page([entry(2)]));
    const user = userEvent.setup();
    renderScreen();
    expect(await screen.findByText(AUDIT_MESSAGES.loadError)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: AUDIT_MESSAGES.retry }));
    expect(await screen.findByText('Section modifiée')).toBeInTheDocument();
  });

  it('exports the CSV of the current filters, and says so when the export fails', async () => {
    respond = () => page([entry(2)]);
    let sendCsv = () => {};
    respondCsv = () =>
      new Promise((resolve) => {
        sendCsv = () => resolve(new Response('\ufeffDate;Événement\n', { status: 200 }));
      });
    URL.createObjectURL = vi.fn(() => 'blob:audit');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const clientToast = vi.spyOn(toast, 'error');
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('Section modifiée');
    await user.click(screen.getByRole('combobox', { name: AUDIT_MESSAGES.entityTypeFilter }));
    await user.click(screen.getByRole('option', { name: 'Rôle' }));
    const exportButton = screen.getByRole('button', { name: AUDIT_MESSAGES.exportCsv });
    await user.click(exportButton);
    // busy (spinner, disabled) until the file has arrived
    await waitFor(() => expect(exportButton).toHaveAttribute('aria-busy', 'true'));
    expect(exportButton).toBeDisabled();
    sendCsv();
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(exportButton).toBeEnabled());
    expect(requested('/api/audit/export/csv?').map(String)).toEqual(['entityType=role']);

    respondCsv = () => json(500, { success: false, message: 'boom' });
    await user.click(exportButton);
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(AUDIT_MESSAGES.exportFailed));
    // one toast: the client's generic server-error toast stays silent
    expect(clientToast).not.toHaveBeenCalled();
    expect(click).toHaveBeenCalledTimes(1);
    expect(exportButton).toBeEnabled();
    click.mockRestore();
    clientToast.mockRestore();
  });
});
