import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { BELL_TEXTS, type BellNotification, NotificationBell } from './notification-bell';

beforeEach(() => {
  // only Date is faked: user-event keeps its real timers
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 2, 12, 15, 30));
});
afterEach(() => vi.useRealTimers());

const at = (minutesAgo: number) =>
  new Date(new Date(2026, 2, 12, 15, 30).getTime() - minutesAgo * 60_000).toISOString();
const ITEMS: BellNotification[] = [
  {
    id: 3,
    type: 'urgent',
    title: 'Intervention urgente',
    message: '#147 — Transformateur T2',
    time: at(5),
    read: false,
  },
  { id: 2, type: 'success', title: 'Intervention validée', message: '#150 — Onduleur', time: at(60), read: false },
  { id: 1, type: 'info', title: 'Intervention affectée', message: '#151 — TGBT', time: at(24 * 60), read: true },
];

function renderBell(props: Partial<Parameters<typeof NotificationBell>[0]> = {}) {
  const handlers = { onOpen: vi.fn(), onMarkAllRead: vi.fn() };
  render(
    <MemoryRouter>
      <NotificationBell items={ITEMS} unread={2} seeAllHref="/notifications" {...handlers} {...props} />
    </MemoryRouter>,
  );
  return handlers;
}

it('lists the three types with their relative time (exact date in the tooltip) and the unread count', async () => {
  const user = userEvent.setup();
  renderBell();
  await user.click(screen.getByRole('button', { name: 'Notifications (2 non lues)' }));
  const items = within(screen.getByRole('list')).getAllByRole('listitem');
  expect(items.map((li) => li.querySelector('span.block')?.textContent)).toEqual([
    'Intervention urgente (non lue)',
    'Intervention validée (non lue)',
    'Intervention affectée',
  ]);
  const times = items.map((li) => li.querySelector('time'));
  expect(times.map((t) => t?.textContent)).toEqual(['15:25', '14:30', 'Hier']);
  expect(times.map((t) => t?.getAttribute('title'))).toEqual([
    '12/03/2026 15:25',
    '12/03/2026 14:30',
    '11/03/2026 15:30',
  ]);
  expect(screen.getByText('2 non lues')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: BELL_TEXTS.seeAll })).toHaveAttribute('href', '/notifications');
});

it('opens an item (and closes), marks all read', async () => {
  const user = userEvent.setup();
  const { onOpen, onMarkAllRead } = renderBell();
  await user.click(screen.getByRole('button', { name: 'Notifications (2 non lues)' }));
  await user.click(screen.getByRole('button', { name: BELL_TEXTS.markAllRead }));
  expect(onMarkAllRead).toHaveBeenCalledOnce();
  await user.click(screen.getByRole('button', { name: /Intervention urgente/ }));
  expect(onOpen).toHaveBeenCalledWith(ITEMS[0]);
  expect(screen.queryByRole('list')).toBeNull();
});

it('says when there is nothing, and shows no count badge nor "mark all" at zero', async () => {
  const user = userEvent.setup();
  renderBell({ items: [], unread: 0 });
  expect(screen.queryByTestId('bell-count')).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Notifications (0 non lue)' }));
  expect(screen.getByText(BELL_TEXTS.empty)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: BELL_TEXTS.markAllRead })).toBeNull();
});
