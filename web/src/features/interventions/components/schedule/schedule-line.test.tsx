import { formatDate } from '@gmao/domain/format/format';
import { SCHEDULE_LABELS as L, SCHEDULE_MESSAGES } from '@gmao/domain/interventions/schedule-schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../../lib/testing/session';
import * as interventionToasts from '../intervention-toasts';
import { interventionRow } from '../list/list-test-fixtures';
import { ScheduleLine } from './schedule-line';

const granted = new Set<string>();
// The session user (#1, a technician holding the granted permissions), read by the domain access policy.
// The intervention toasts, stubbed on the module (spies, not a vi.mock: the file shares its worker): the success
// message shown (the server's, else the fallback) and the error's fallback, without the durations.
const toasts = { success: vi.fn(), error: vi.fn() };
beforeEach(() => {
  vi.spyOn(interventionToasts, 'toastInterventionSuccess').mockImplementation((message, fallback) =>
    toasts.success(message || fallback),
  );
  vi.spyOn(interventionToasts, 'toastInterventionError').mockImplementation((_err, fallback) => toasts.error(fallback));
});

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  granted.clear();
  toasts.success.mockClear();
  fetchMock = vi.fn(() =>
    Promise.resolve(
      new Response(JSON.stringify({ success: true, data: {}, message: SCHEDULE_MESSAGES.scheduled }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const mine = { creerPar: { id: 1, nom: 'Moi' } };
const wrap = (i: ReturnType<typeof interventionRow>) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ScheduleLine intervention={i} />
    </QueryClientProvider>,
    signedIn({ id: 1, role: 'Technicien', permissions: [...granted] }),
  );
const sent = () => {
  const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
  return [url, init.method, JSON.parse(String(init.body))];
};

describe('ScheduleLine', () => {
  it('plans an unplanned intervention: date, Casablanca time and a duration in hours, sent with POST', async () => {
    granted.add('interventions:update');
    const row = interventionRow(4, 'Poste A', 'PLANIFIEE', mine);
    wrap(row);
    // one line about when: the date alone, no "Non planifiée" beside a "Date" row
    expect(screen.getByText(L.datedOnly(formatDate(row.date)))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: L.schedule }));
    const form = screen.getByRole('form', { name: L.form });
    // the form starts on the intervention's own date
    expect(within(form).getByLabelText(/Date prévue/)).toHaveValue(row.date);
    await userEvent.clear(within(form).getByLabelText(/Date prévue/));
    await userEvent.click(within(form).getByRole('button', { name: L.save }));
    expect(await within(form).findByText(SCHEDULE_MESSAGES.dateRequired)).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText(/Date prévue/), '2026-12-15');
    await userEvent.clear(within(form).getByLabelText(/Heure/));
    await userEvent.type(within(form).getByLabelText(/Heure/), '08:30');
    await userEvent.type(within(form).getByLabelText(L.duree), 'deux');
    await userEvent.click(within(form).getByRole('button', { name: L.save }));
    expect(await within(form).findByText(SCHEDULE_MESSAGES.dureeFormInvalid)).toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText(L.duree));
    await userEvent.type(within(form).getByLabelText(L.duree), '1,5');
    await userEvent.click(within(form).getByRole('button', { name: L.save }));
    await vi.waitFor(() => expect(toasts.success).toHaveBeenCalledWith(SCHEDULE_MESSAGES.scheduled));
    expect(sent()).toEqual(['/api/interventions/4/schedule', 'POST', { date: '2026-12-15T08:30', duree: 90 }]);
    expect(screen.queryByRole('form', { name: L.form })).toBeNull();
  });

  it('replans with PUT, the form showing the current plan on Casablanca’s clock', async () => {
    granted.add('interventions:update');
    wrap(
      interventionRow(4, 'Poste A', 'EN_PAUSE', {
        ...mine,
        plannedAt: '2026-12-15T07:30:00.000Z',
        plannedWallClock: { date: '2026-12-15', time: '08:30', zone: 'Africa/Casablanca' as const },
        dureePrevue: 150,
      }),
    );
    expect(screen.getByText('15/12/2026 à 08:30 (2 h 30)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: L.reschedule }));
    const form = screen.getByRole('form', { name: L.form });
    expect(within(form).getByLabelText(/Date prévue/)).toHaveValue('2026-12-15');
    expect(within(form).getByLabelText(/Heure/)).toHaveValue('08:30');
    expect(within(form).getByLabelText(L.duree)).toHaveValue('2h30');
    await userEvent.clear(within(form).getByLabelText(/Date prévue/));
    await userEvent.type(within(form).getByLabelText(/Date prévue/), '2026-12-16');
    await userEvent.click(within(form).getByRole('button', { name: L.save }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sent()).toEqual(['/api/interventions/4/schedule', 'PUT', { date: '2026-12-16T08:30', duree: 150 }]);
  });

  it('offers no button on a closed intervention, to readers, or to a technician who does not hold it', () => {
    granted.add('interventions:update');
    const { unmount } = wrap(interventionRow(4, 'Poste A', 'TERMINEE', mine));
    expect(screen.queryByRole('button', { name: L.schedule })).toBeNull();
    unmount();
    const others = wrap(interventionRow(5, 'Poste B', 'PLANIFIEE', { creerPar: { id: 9, nom: 'Autre' } }));
    expect(screen.queryByRole('button', { name: L.schedule })).toBeNull();
    others.unmount();
    granted.clear();
    const row = interventionRow(6, 'Poste C', 'PLANIFIEE', mine);
    wrap(row);
    expect(screen.getByText(L.datedOnly(formatDate(row.date)))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: L.schedule })).toBeNull();
  });
});
