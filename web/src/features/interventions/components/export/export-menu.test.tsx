import { EXPORT_MESSAGES } from '@gmao/domain/interventions/export-schemas';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as apiClient from '../../../../lib/api-client';
import { ExportMenu } from './export-menu';

const downloadFile = vi.fn((_path: string, _name: string, _query?: unknown) => Promise.resolve());

// The download stubbed on the api client's module (a spy, not a vi.mock: the file shares its worker).
beforeEach(() => {
  downloadFile.mockClear();
  vi.spyOn(apiClient, 'downloadFile').mockImplementation((path, name, query) => downloadFile(path, name, query));
});

describe('ExportMenu', () => {
  it('offers CSV and PDF and downloads the list with the current filters', async () => {
    const user = userEvent.setup();
    const filters = { search: 'poste', statut: 'EN_COURS', urgence: true };
    render(<ExportMenu filters={filters} />);
    const trigger = screen.getByRole('button', { name: EXPORT_MESSAGES.menu });
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['CSV', 'PDF']);
    await user.click(screen.getByRole('menuitem', { name: 'CSV' }));
    expect(downloadFile).toHaveBeenCalledWith(
      '/interventions/export/csv',
      expect.stringMatching(/^interventions_\d{4}-\d{2}-\d{2}\.csv$/),
      filters,
    );
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(trigger);
    await user.click(screen.getByRole('menuitem', { name: 'PDF' }));
    expect(downloadFile).toHaveBeenLastCalledWith(
      '/interventions/export/pdf',
      expect.stringMatching(/\.pdf$/),
      filters,
    );
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    render(<ExportMenu filters={{}} />);
    await user.click(screen.getByRole('button', { name: EXPORT_MESSAGES.menu }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
