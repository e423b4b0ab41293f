import { CUSTOM_FIELD_MESSAGES as M } from '@gmao/domain/custom-fields/custom-field-messages';
import { EXPORT_MESSAGES } from '@gmao/domain/interventions/export-schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../../lib/testing/session';
import { InterventionsList } from '../list/interventions-list';
import { listResponse, interventionRow as row } from '../list/list-test-fixtures';
import { customFieldListQuery } from './custom-field-filter';
import { definitionsResponse } from './custom-field-test-fixtures';

class DownloadableURL extends URL {
  static override createObjectURL = () => 'blob:export';
  static override revokeObjectURL = () => {};
}

let urls: URL[] = [];
/** The query of the last request to `path` ('' params left out), as an object. */
const lastQuery = (path: string) => {
  const url = urls.filter((u) => u.pathname === path).at(-1);
  return url ? Object.fromEntries(url.searchParams) : null;
};

beforeEach(() => {
  urls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const url = new URL(input, 'http://x');
      urls.push(url);
      if (url.pathname === '/api/interventions/custom-fields') return definitionsResponse();
      if (url.pathname.startsWith('/api/interventions/export/')) return Promise.resolve(new Response('id;statut\n'));
      return listResponse([row(1, 'Transfo TR1', 'EN_COURS')]);
    }),
  );
  // The export saves its file through an object URL and a link click, which jsdom does not implement.
  vi.stubGlobal('URL', DownloadableURL);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function exportCsv(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: EXPORT_MESSAGES.menu }));
  await user.click(screen.getByRole('menuitem', { name: 'CSV' }));
}

function renderList() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <InterventionsList />
    </QueryClientProvider>,
    signedIn({ id: 1, nom: 'Karim', role: 'Consultation', permissions: ['interventions:read'] }),
  );
}

describe('the custom field filter of the interventions list', () => {
  it('sets champ and valeur in the list query and in the export, with an input fit to the field type', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Transfo TR1');
    const champ = await screen.findByRole('combobox', { name: M.filterField });
    expect(screen.queryByRole('searchbox', { name: M.filterValue })).toBeNull();

    // A number: typed with a French comma, sent as the server compares numbers.
    await user.selectOptions(champ, 'Puissance (Transformateur)');
    await user.type(screen.getByRole('searchbox', { name: M.filterValue }), '1250,5');
    await waitFor(() =>
      expect(lastQuery('/api/interventions')).toMatchObject({ champ: 'puissance', valeur: '1250.5', page: '1' }),
    );
    await exportCsv(user);
    await waitFor(() =>
      expect(lastQuery('/api/interventions/export/csv')).toEqual({ champ: 'puissance', valeur: '1250.5' }),
    );
    // Choosing the same field again keeps its value.
    await user.selectOptions(champ, 'Puissance (Transformateur)');
    expect(screen.getByRole('searchbox', { name: M.filterValue })).toHaveValue('1250,5');

    // A list: its options; changing the field starts with no value (no filter until one is chosen).
    await user.selectOptions(champ, 'Refroidissement (Transformateur)');
    await exportCsv(user);
    await waitFor(() => expect(lastQuery('/api/interventions/export/csv')).toEqual({}));
    const choice = screen.getByRole('combobox', { name: M.filterValue });
    expect([...(choice as HTMLSelectElement).options].map((o) => o.text)).toEqual([M.anyValue, 'ONAN', 'ONAF']);
    await user.selectOptions(choice, 'ONAF');
    await waitFor(() =>
      expect(lastQuery('/api/interventions')).toMatchObject({ champ: 'refroidissement', valeur: 'ONAF' }),
    );

    // Yes / no as true / false.
    await user.selectOptions(champ, 'Batteries conformes (Onduleur)');
    await user.selectOptions(screen.getByRole('combobox', { name: M.filterValue }), M.yes);
    await waitFor(() =>
      expect(lastQuery('/api/interventions')).toMatchObject({ champ: 'batteries_ok', valeur: 'true' }),
    );

    await user.selectOptions(champ, M.allFields);
    expect(screen.queryByRole('combobox', { name: M.filterValue })).toBeNull();
    const exports = urls.filter((u) => u.pathname === '/api/interventions/export/csv').length;
    await exportCsv(user);
    await waitFor(() =>
      expect(urls.filter((u) => u.pathname === '/api/interventions/export/csv')).toHaveLength(exports + 1),
    );
    expect(lastQuery('/api/interventions/export/csv')).toEqual({});
  });

  it('sends nothing until both the field and a value are chosen', () => {
    expect(customFieldListQuery({ champ: 'puissance', valeur: ' ' })).toEqual({});
    expect(customFieldListQuery({ champ: '', valeur: '630' })).toEqual({});
    expect(customFieldListQuery({ champ: 'puissance', valeur: ' 630 ' })).toEqual({
      champ: 'puissance',
      valeur: '630',
    });
    expect(customFieldListQuery({ champ: 'reference', valeur: 'BC 1,5 A' })).toEqual({
      champ: 'reference',
      valeur: 'BC 1,5 A',
    });
  });
});
