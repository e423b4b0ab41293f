import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { spyOnToasts } from '../../../lib/testing/toasts';
import SettingsRoute from './settings';

beforeEach(() => {
  spyOnToasts();
});

afterEach(() => localStorage.clear());

it('stores the display preferences on the device', async () => {
  render(<SettingsRoute />);
  const sidebar = screen.getByRole('switch', { name: 'Barre latérale repliée' });
  expect(sidebar).toHaveAttribute('aria-checked', 'false');
  await userEvent.click(sidebar);
  expect(sidebar).toHaveAttribute('aria-checked', 'true');
  expect(localStorage.getItem('sidebar_collapsed')).toBe('1');

  await userEvent.click(screen.getByRole('switch', { name: 'Réduire les animations' }));
  expect(localStorage.getItem('pref_reduce_motion')).toBe('1');

  const period = screen.getByLabelText('Période par défaut des analyses');
  expect(period).toHaveValue('30');
  await userEvent.selectOptions(period, '90');
  expect(localStorage.getItem('pref_analytics_timeframe')).toBe('90');
});

it('forgets the remembered username, and cannot when there is none', async () => {
  localStorage.setItem('remembered_username', 'n.elfassi');
  render(<SettingsRoute />);
  expect(screen.getByText('n.elfassi')).toBeInTheDocument();
  const forget = screen.getByRole('button', { name: "Oublier l'identifiant" });
  await userEvent.click(forget);
  expect(localStorage.getItem('remembered_username')).toBeNull();
  expect(screen.getByText("Aucun identifiant n'est mémorisé sur cet appareil.")).toBeInTheDocument();
  expect(forget).toBeDisabled();
});
