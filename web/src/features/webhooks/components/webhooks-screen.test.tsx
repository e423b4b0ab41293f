import {
  WEBHOOK_MESSAGES as M,
  WEBHOOK_EVENT_LABELS,
  type Webhook,
  type WebhookDelivery,
} from '@gmao/domain/webhooks/webhook-schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebhooksScreen } from './webhooks-screen';

const SECRET = `whsec_${'A'.repeat(43)}=`;
const ROTATED = `whsec_${'B'.repeat(43)}=`;

const endpoint = (extra: Partial<Webhook> = {}): Webhook => ({
  id: 1,
  url: 'https://erp.atlas-froid.ma/hooks/gmao',
  events: ['intervention.created'],
  actif: true,
  disabled_reason: null,
  previous_secret_expires_at: null,
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
  failed: 1,
  pending: 0,
  ...extra,
});

const delivery: WebhookDelivery = {
  id: 9,
  event_id: 'msg_0123',
  event_type: 'intervention.created',
  statut: 'LIVRE',
  attempts: 2,
  next_attempt_at: null,
  last_attempt_at: '2026-11-20T08:01:00.000Z',
  last_status_code: 200,
  last_duration_ms: 120,
  last_error: null,
  response_excerpt: '{"received":true}',
  created_at: '2026-11-20T08:00:00.000Z',
  delivered_at: '2026-11-20T08:01:00.000Z',
};

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

let list: Webhook[];
const fetchMock = vi.fn((url: string, init?: RequestInit) => {
  const method = init?.method ?? 'GET';
  if (method === 'POST' && url.endsWith('/api/webhooks'))
    return json(201, { success: true, data: { ...endpoint({ id: 2 }), secret: SECRET }, message: M.created });
  if (method === 'POST' && url.endsWith('/rotate-secret'))
    return json(200, { success: true, data: { ...endpoint(), secret: ROTATED }, message: M.rotated });
  if (method === 'POST' && url.endsWith('/redeliver'))
    return json(201, { success: true, data: { ...delivery, id: 10, statut: 'EN_ATTENTE' }, message: M.redelivered });
  if (method === 'PUT') return json(200, { success: true, data: endpoint({ actif: false }), message: M.updated });
  if (url.includes('/deliveries'))
    return json(200, { success: true, data: [delivery], pagination: { total: 1, pages: 1, page: 1, limit: 10 } });
  return json(200, { success: true, data: list });
});
const calls = (method: string, suffix: string) =>
  fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).includes(suffix));

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  list = [
    endpoint(),
    endpoint({ id: 3, url: 'https://gtb.example.ma/alarms', actif: false, disabled_reason: M.disabledGone }),
    endpoint({ id: 4, url: 'https://bms.example.ma/in', previous_secret_expires_at: '2026-11-21T09:30:00.000Z' }),
  ];
});
afterEach(() => vi.unstubAllGlobals());

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <WebhooksScreen />
    </QueryClientProvider>,
  );
}

describe('Administration → Webhooks (issue 35)', () => {
  it('lists the endpoints with their state and failures, filters by address, says when none match', async () => {
    const user = userEvent.setup();
    renderScreen();
    await screen.findAllByText('https://erp.atlas-froid.ma/hooks/gmao');
    const table = screen.getByRole('table', { name: M.title });
    expect(within(table).getByText(M.disabledGone)).toBeInTheDocument();
    expect(within(table).getByText(/^Ancien secret encore accepté jusqu'au 21\/11\/2026/)).toBeInTheDocument();
    expect(within(table).getAllByText(M.failedCount(1)).length).toBeGreaterThan(0);
    await user.type(screen.getByLabelText(M.searchLabel), 'gtb');
    await waitFor(() => expect(within(table).queryByText('https://erp.atlas-froid.ma/hooks/gmao')).toBeNull());
    await user.clear(screen.getByLabelText(M.searchLabel));
    await user.type(screen.getByLabelText(M.searchLabel), 'nulle-part');
    expect(await screen.findByText(M.noMatch)).toBeInTheDocument();
  });

  it('shows a long list a page at a time', async () => {
    const user = userEvent.setup();
    list = Array.from({ length: 12 }, (_, i) => endpoint({ id: i + 1, url: `https://erp.example.ma/hooks/${i + 1}` }));
    renderScreen();
    await screen.findAllByText('https://erp.example.ma/hooks/1');
    expect(screen.queryAllByText('https://erp.example.ma/hooks/11')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: /suivante/i }));
    expect((await screen.findAllByText('https://erp.example.ma/hooks/11')).length).toBeGreaterThan(0);
    expect(screen.queryAllByText('https://erp.example.ma/hooks/1')).toHaveLength(0);
  });

  it('creates with the events checked, then shows the secret once with a copy button', async () => {
    const user = userEvent.setup();
    list = [];
    renderScreen();
    expect(await screen.findByText(M.empty)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: M.newWebhook }));
    const url = screen.getByLabelText(new RegExp(M.urlLabel.replace(/[()]/g, '.')));
    await user.clear(url);
    await user.type(url, 'https://erp.atlas-froid.ma/hooks/gmao');
    // the defaults are created + status_changed; take status_changed off and add sla.breached
    await user.click(
      screen.getByRole('checkbox', { name: new RegExp(WEBHOOK_EVENT_LABELS['intervention.status_changed']) }),
    );
    await user.click(screen.getByRole('checkbox', { name: new RegExp(WEBHOOK_EVENT_LABELS['sla.breached']) }));
    await user.click(screen.getByRole('button', { name: M.save }));
    await waitFor(() => expect(calls('POST', '/api/webhooks')).toHaveLength(1));
    expect(JSON.parse(String(calls('POST', '/api/webhooks')[0]![1]!.body))).toEqual({
      url: 'https://erp.atlas-froid.ma/hooks/gmao',
      events: ['intervention.created', 'sla.breached'],
      actif: true,
    });
    const secret = await screen.findByRole('textbox', { name: M.secretOnce });
    expect(secret).toHaveValue(SECRET);
    await user.click(screen.getByRole('button', { name: M.copy }));
    // (user-event puts its own clipboard in place: read it back)
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    await user.click(screen.getByRole('button', { name: M.secretDone }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: M.secretOnce })).toBeNull());
  });

  it('refuses a form without an event or with a non-URL, in French, and sends nothing', async () => {
    const user = userEvent.setup();
    renderScreen();
    await screen.findAllByText('https://erp.atlas-froid.ma/hooks/gmao');
    await user.click(screen.getByRole('button', { name: M.newWebhook }));
    const url = screen.getByLabelText(new RegExp(M.urlLabel.replace(/[()]/g, '.')));
    await user.clear(url);
    await user.type(url, 'pas une adresse');
    for (const event of ['intervention.created', 'intervention.status_changed'] as const)
      await user.click(screen.getByRole('checkbox', { name: new RegExp(WEBHOOK_EVENT_LABELS[event]) }));
    await user.click(screen.getByRole('button', { name: M.save }));
    expect(await screen.findByText(M.urlInvalid)).toBeInTheDocument();
    expect(screen.getByText(M.eventsRequired)).toBeInTheDocument();
    expect(calls('POST', '/api/webhooks')).toHaveLength(0);
  });

  it('rotates the secret only after confirmation and shows the new one', async () => {
    const user = userEvent.setup();
    renderScreen();
    await screen.findAllByText('https://erp.atlas-froid.ma/hooks/gmao');
    await user.click(screen.getAllByRole('button', { name: `${M.rotate} https://erp.atlas-froid.ma/hooks/gmao` })[0]!);
    expect(await screen.findByText(M.rotateConfirm)).toBeInTheDocument();
    expect(calls('POST', '/rotate-secret')).toHaveLength(0);
    const dialog = screen.getByRole('dialog', { name: M.rotateTitle });
    await user.click(within(dialog).getByRole('button', { name: M.rotate }));
    expect(await screen.findByRole('textbox', { name: M.secretOnce })).toHaveValue(ROTATED);
    expect(calls('POST', '/api/webhooks/1/rotate-secret')).toHaveLength(1);
  });

  it('disables an endpoint in one click (PUT actif false)', async () => {
    const user = userEvent.setup();
    renderScreen();
    await screen.findAllByText('https://erp.atlas-froid.ma/hooks/gmao');
    await user.click(screen.getAllByRole('button', { name: `${M.disable} https://erp.atlas-froid.ma/hooks/gmao` })[0]!);
    await waitFor(() => expect(calls('PUT', '/api/webhooks/1')).toHaveLength(1));
    expect(JSON.parse(String(calls('PUT', '/api/webhooks/1')[0]![1]!.body))).toMatchObject({ actif: false });
  });

  it('shows the delivery log (status, duration, excerpt) and « Renvoyer » sends the delivery again', async () => {
    const user = userEvent.setup();
    renderScreen();
    await screen.findAllByText('https://erp.atlas-froid.ma/hooks/gmao');
    await user.click(
      screen.getAllByRole('button', { name: `${M.deliveriesTitle} https://erp.atlas-froid.ma/hooks/gmao` })[0]!,
    );
    await screen.findAllByText('120 ms');
    const log = screen.getByRole('table', { name: M.deliveriesTitle });
    expect(within(log).getAllByText('Livré').length).toBeGreaterThan(0);
    expect(within(log).getAllByText('120 ms').length).toBeGreaterThan(0);
    expect(within(log).getAllByText('{"received":true}').length).toBeGreaterThan(0);
    await user.click(within(log).getAllByRole('button', { name: `${M.redeliver} intervention.created` })[0]!);
    await waitFor(() => expect(calls('POST', '/api/webhooks/1/deliveries/9/redeliver')).toHaveLength(1));
  });
});
