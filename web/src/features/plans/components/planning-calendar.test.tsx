import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import type { Plan, PlanOccurrence } from '@gmao/domain/plans/plan-schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../lib/testing/session';
import { PlanningCalendar } from './planning-calendar';

const granted = new Set<string>();

const intervention: Intervention = {
  id: 41,
  equipement_id: 5,
  client_id: 2,
  technicianId: null,
  technician: null,
  date: '2026-05-12',
  description: 'Visite préventive',
  urgence: false,
  statut: 'PLANIFIEE',
  note: null,
  startedAt: null,
  completedAt: null,
  // 08:00 in Casablanca (UTC+1 in May): the web reads only the server's wall clock.
  plannedAt: '2026-05-12T07:00:00.000Z',
  plannedWallClock: { date: '2026-05-12', time: '08:00', zone: 'Africa/Casablanca' as const },
  dureePrevue: 120,
  planId: 3,
  createdAt: '2026-05-01T08:00:00.000Z',
  updatedAt: '2026-05-01T08:00:00.000Z',
  version: 1,
  equipement: {
    id: 5,
    nom: 'Transformateur T1',
    type_equipement: 'transformateur',
    marque: null,
    modele: null,
    proprietaire: { id: 2, nom_entreprise: 'Atlas', ville: null, contact_principal: null, telephone_contact: null },
  },
  creerPar: null,
  custom_fields: {},
};

const plan = {
  id: 3,
  nom: 'Visite trimestrielle',
  client_id: 2,
  nom_entreprise: 'Atlas',
  technicien_id: null,
  technicien_nom: null,
  actif: true,
} as Plan;

const occurrences: PlanOccurrence[] = [
  {
    equipement_id: 5,
    equipement_nom: 'Transformateur T1',
    rule_date: '2026-05-12',
    due_date: '2026-05-12',
    generated: true,
    intervention_id: 41,
    statut: 'PLANIFIEE',
    completedAt: null,
    declencheur: 'CALENDRIER',
  },
  {
    equipement_id: 6,
    equipement_nom: 'Transformateur T2',
    rule_date: '2026-05-26',
    due_date: '2026-05-26',
    generated: false,
    intervention_id: null,
    statut: null,
    completedAt: null,
    declencheur: 'CALENDRIER',
  },
];

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
/** The calendar's interventions, and the schedule route's answer (a test may make it refuse). */
let listed: Intervention[] = [intervention];
let scheduleRefusal: string | null = null;
/** The « À planifier » list's answer. */
let toPlan: Intervention[] = [];
const fetchMock = vi.fn((url: string, _init?: RequestInit) => {
  if (url.startsWith('/api/interventions/technicians')) return json({ success: true, data: [] });
  if (url.startsWith('/api/interventions/41/schedule'))
    return scheduleRefusal
      ? json({ success: false, message: scheduleRefusal }, 422)
      : json({ success: true, data: intervention, message: 'Intervention replanifiée avec succès' });
  if (url.startsWith('/api/interventions?') && url.includes('unscheduled=true'))
    return json({ success: true, data: toPlan, pagination: { total: toPlan.length, pages: 1, page: 1, limit: 10 } });
  if (url.startsWith('/api/interventions'))
    return json({ success: true, data: listed, pagination: { total: listed.length, pages: 1, page: 1, limit: 1000 } });
  if (url.startsWith('/api/plans/3/occurrences')) return json({ success: true, data: occurrences });
  if (url.startsWith('/api/plans')) return json({ success: true, data: [plan] });
  return json({ success: true, data: [], pagination: { total: 0, pages: 0, page: 1, limit: 1000 } });
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-05-10T10:00:00Z'));
  granted.clear();
  listed = [intervention];
  toPlan = [];
  scheduleRefusal = null;
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderCalendar() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <PlanningCalendar />
      </MemoryRouter>
    </QueryClientProvider>,
    signedIn({ id: 7, permissions: [...granted] }),
  );
}

describe('PlanningCalendar', () => {
  it('shows an intervention dated without a time on its day for the whole day, and in « À planifier » to plan it', async () => {
    granted.add('interventions:read').add('interventions:update');
    const dated = {
      ...intervention,
      id: 42,
      date: '2026-05-14',
      plannedAt: null,
      plannedWallClock: null,
      equipement: { ...intervention.equipement, nom: 'Groupe électrogène G2' },
    } as Intervention;
    listed = [intervention, dated];
    toPlan = [dated];
    renderCalendar();
    const grid = screen.getByTestId('planning-grid');
    const day14 = within(grid).getByTestId('planning-day-2026-05-14');
    const link = await within(day14).findByRole('link', { name: /Groupe électrogène G2/ });
    expect(link).toHaveTextContent('Journée');
    expect(link).toHaveAttribute('href', '/interventions/42');

    const panel = await screen.findByTestId('planning-to-plan');
    expect(within(panel).getByRole('heading', { name: /À planifier/ })).toHaveTextContent('(1)');
    expect(await within(panel).findByRole('link', { name: /Groupe électrogène G2/ })).toHaveTextContent(
      'Date : 14/05/2026',
    );
    fireEvent.click(within(panel).getByRole('button', { name: 'Planifier « Groupe électrogène G2 »' }));
    const dialog = await screen.findByRole('dialog', { name: "Planifier l'intervention" });
    expect(within(dialog).getByLabelText(/Date/)).toHaveValue('2026-05-14');
    expect(within(dialog).getByLabelText(/Heure/)).toHaveValue('08:00');
  });

  it('says when nothing is left to plan', async () => {
    granted.add('interventions:read').add('interventions:update');
    renderCalendar();
    const panel = await screen.findByTestId('planning-to-plan');
    expect(await within(panel).findByText('Rien à planifier : chaque intervention ouverte a son heure.')).toBeVisible();
  });

  it('lists what is left to plan to a reader, without a « Planifier » button', async () => {
    granted.add('interventions:read');
    toPlan = [{ ...intervention, id: 43, plannedWallClock: null, plannedAt: null } as Intervention];
    renderCalendar();
    const panel = await screen.findByTestId('planning-to-plan');
    expect(await within(panel).findByRole('link', { name: /Transformateur T1/ })).toHaveAttribute(
      'href',
      '/interventions/43',
    );
    expect(within(panel).queryByRole('button', { name: /Planifier/ })).toBeNull();
  });

  it('shows the month, Monday first, with a scheduled intervention and a virtual occurrence drawn differently', async () => {
    granted.add('interventions:read').add('interventions:update').add('interventions:assign').add('plans:read');
    renderCalendar();
    expect(screen.getByTestId('planning-period')).toHaveTextContent('mai 2026');
    const grid = screen.getByTestId('planning-grid');
    expect(within(grid).getAllByText(/^(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)$/)[0]).toHaveTextContent(
      'lundi',
    );
    // The month's weeks: Monday 27 April to Sunday 31 May.
    const url = String(fetchMock.mock.calls.find(([u]) => u.startsWith('/api/interventions?due_from'))?.[0]);
    expect(url).toContain('due_from=2026-04-27');
    expect(url).toContain('due_to=2026-05-31');

    const day12 = within(grid).getByTestId('planning-day-2026-05-12');
    const link = await within(day12).findByRole('link', { name: /Transformateur T1/ });
    expect(link).toHaveAttribute('href', '/interventions/41');
    expect(link).toHaveTextContent('08:00');
    expect(link).toHaveAttribute('draggable', 'true');
    // The generated occurrence is not shown twice; the future one is, dashed, named after its plan.
    expect(within(day12).queryByTestId('planning-occurrence')).toBeNull();
    const day26 = within(grid).getByTestId('planning-day-2026-05-26');
    const virtual = await within(day26).findByTestId('planning-occurrence');
    expect(virtual).toHaveTextContent('Transformateur T2');
    expect(virtual).toHaveTextContent('Prévue (plan « Visite trimestrielle »)');
    expect(virtual.className).toContain('border-dashed');
    expect(virtual.tagName).not.toBe('A');

    // The week view shows Monday to Sunday of the current week.
    fireEvent.click(screen.getByRole('button', { name: 'Semaine' }));
    expect(screen.getByTestId('planning-period')).toHaveTextContent('4 mai – 10 mai 2026');
    expect(within(grid).queryByTestId('planning-day-2026-05-11')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Période suivante' }));
    expect(await within(grid).findByRole('link', { name: /Transformateur T1/ })).toBeInTheDocument();
  });

  it('dropping an intervention on another day replans it on that day at the same time', async () => {
    granted.add('interventions:read').add('interventions:update').add('interventions:assign');
    renderCalendar();
    const grid = screen.getByTestId('planning-grid');
    const link = await within(grid).findByRole('link', { name: /Transformateur T1/ });
    const target = within(grid).getByTestId('planning-day-2026-05-14');
    fireEvent.dragStart(link);
    fireEvent.dragOver(target);
    fireEvent.drop(target);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => u.startsWith('/api/interventions/41/schedule'))).toBe(true),
    );
    const [, init] = fetchMock.mock.calls.find(([u]) => u.startsWith('/api/interventions/41/schedule')) ?? [];
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ date: '2026-05-14T08:00', duree: 120 });
  });

  it('"Glissez une intervention…" only for who may reschedule, and only with a mouse on a wide screen (issue 30)', async () => {
    granted.add('interventions:read');
    const reader = renderCalendar();
    await screen.findByRole('heading', { name: 'Planning' });
    expect(screen.queryByText(/Glissez une intervention/)).toBeNull();
    expect(screen.queryByText(/Replanifier/)).toBeNull();
    reader.unmount();

    granted.add('interventions:update').add('interventions:assign');
    renderCalendar();
    const drag = await screen.findByText(/Glissez une intervention/);
    // hidden below sm and on coarse pointers; the touch wording shows there instead
    expect(drag.className).toContain('hidden');
    expect(drag.className).toContain('sm:pointer-fine:inline');
    expect(screen.getByText(/Pour déplacer une intervention, utilisez son bouton/).className).toBe(
      'sm:pointer-fine:hidden',
    );
  });

  it('offers « Replanifier » only where dragging is allowed: with interventions:update, on an open intervention', async () => {
    // Read only: no drag, no button.
    granted.add('interventions:read');
    const first = renderCalendar();
    let grid = screen.getByTestId('planning-grid');
    expect(await within(grid).findByRole('link', { name: /Transformateur T1/ })).toHaveAttribute('draggable', 'false');
    expect(screen.queryAllByRole('button', { name: /^Replanifier/ })).toHaveLength(0);
    first.unmount();

    // May update, but the intervention is closed: no drag, no button either.
    granted.add('interventions:update').add('interventions:assign');
    listed = [{ ...intervention, statut: 'TERMINEE' }];
    const second = renderCalendar();
    grid = screen.getByTestId('planning-grid');
    expect(await within(grid).findByRole('link', { name: /Transformateur T1/ })).toHaveAttribute('draggable', 'false');
    expect(screen.queryAllByRole('button', { name: /^Replanifier/ })).toHaveLength(0);
    second.unmount();

    // Open and movable: a button in the grid and one in the phone's list, named after the equipment.
    listed = [intervention];
    renderCalendar();
    grid = screen.getByTestId('planning-grid');
    const link = await within(grid).findByRole('link', { name: /Transformateur T1/ });
    expect(link).toHaveAttribute('draggable', 'true');
    // The event's accessible name says when, what, for whom and in which state.
    expect(link).toHaveAccessibleName('08:00 Transformateur T1 — Atlas (Planifiée)');
    expect(within(grid).getByRole('button', { name: 'Replanifier « Transformateur T1 »' })).toBeInTheDocument();
    const agenda = screen.getByTestId('planning-agenda');
    expect(within(agenda).getByRole('button', { name: 'Replanifier « Transformateur T1 »' })).toHaveTextContent(
      'Replanifier',
    );
  });

  it('the « Replanifier » dialog, prefilled, sends the new date and time with the duration kept', async () => {
    granted.add('interventions:read').add('interventions:update').add('interventions:assign');
    renderCalendar();
    const grid = screen.getByTestId('planning-grid');
    await within(grid).findByRole('link', { name: /Transformateur T1/ });
    fireEvent.click(within(grid).getByRole('button', { name: 'Replanifier « Transformateur T1 »' }));
    const dialog = await screen.findByRole('dialog', { name: "Replanifier l'intervention" });
    const date = within(dialog).getByLabelText(/Date prévue/);
    const time = within(dialog).getByLabelText(/Heure/);
    expect(date).toHaveValue('2026-05-12');
    expect(time).toHaveValue('08:00');
    expect(dialog).toHaveTextContent('La durée prévue (2 h) est conservée.');

    // The form's own check: an empty date is refused before any request.
    fireEvent.change(date, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replanifier' }));
    expect(await within(dialog).findByText('La date prévue est requise')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => u.startsWith('/api/interventions/41/schedule'))).toBe(false);

    fireEvent.change(date, { target: { value: '2026-05-14' } });
    fireEvent.change(time, { target: { value: '09:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replanifier' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [, init] = fetchMock.mock.calls.find(([u]) => u.startsWith('/api/interventions/41/schedule')) ?? [];
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ date: '2026-05-14T09:30', duree: 120 });
    // The calendar is asked again (the mutation invalidated it).
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([u]) => u.startsWith('/api/interventions?')).length).toBeGreaterThan(1),
    );
  });

  it("the server's refusal stays in the dialog", async () => {
    granted.add('interventions:read').add('interventions:update').add('interventions:assign');
    scheduleRefusal = "Intervention terminée : elle ne peut plus être planifiée (rouvrez-la d'abord)";
    renderCalendar();
    const agenda = screen.getByTestId('planning-agenda');
    fireEvent.click(await within(agenda).findByRole('button', { name: 'Replanifier « Transformateur T1 »' }));
    const dialog = await screen.findByRole('dialog', { name: "Replanifier l'intervention" });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replanifier' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(scheduleRefusal);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('a technician (no assign permission) opens on his own work', async () => {
    granted.add('interventions:read').add('interventions:update');
    renderCalendar();
    await waitFor(() =>
      expect(String(fetchMock.mock.calls.find(([u]) => u.startsWith('/api/interventions?'))?.[0])).toContain(
        'technician_id=7',
      ),
    );
    expect(screen.getByLabelText('Technicien')).toHaveValue('me');
    // Without plans:read, no plan list is asked for (no 403 toast), hence no virtual occurrence.
    expect(fetchMock.mock.calls.some(([u]) => u.startsWith('/api/plans'))).toBe(false);
  });
});
