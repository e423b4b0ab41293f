import { AUTH_TOASTS } from '@gmao/domain/common/messages';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../lib/paths';
import { saveSession } from '../lib/session-storage';
import { App } from './app';

/**
 * The whole app (providers, router, guards, layout) as a user meets it: spec §2 route table, access-denied pages,
 * layout, 404 page and toasts. Pages load on demand, so each test waits for what it expects.
 */

const token = () =>
  `h.${btoa(JSON.stringify({ sub: '7', exp: Math.floor(Date.now() / 1000) + 900 })).replace(/=+$/, '')}.s`;
const userWith = (role: string, permissions: string[]) => ({
  id: 7,
  nom: 'Omar Tazi',
  username: 'o.tazi',
  section: 'Atelier',
  role,
  roleId: 3,
  permissions,
});
let sessionUser = userWith('Technicien', []);
let logoutStatus = 200;

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

function signIn(user: ReturnType<typeof userWith>) {
  sessionUser = user;
  saveSession({ token: token(), refreshToken: 'r1', user });
}

function openApp(path: string) {
  window.history.replaceState(null, '', path);
  render(<App />);
}

const pathname = () => window.location.pathname;
// the first load of a page chunk is transformed on demand by the test runner
const PAGE_LOAD = { timeout: 20_000 };

beforeEach(() => {
  sessionUser = userWith('Technicien', []);
  logoutStatus = 200;
  // jsdom has no layout: the dashboard's tab bar scrolls the selected tab into view
  Element.prototype.scrollIntoView = vi.fn();
  // react-hot-toast reads the reduced-motion preference; jsdom has no matchMedia
  window.matchMedia = vi
    .fn()
    .mockReturnValue({ matches: false, addEventListener: vi.fn(), removeEventListener: vi.fn() });
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      if (url === '/api/auth/profile') return json(200, { success: true, data: sessionUser });
      if (url === '/api/auth/logout') return json(logoutStatus, { success: logoutStatus === 200, data: null });
      if (url.startsWith('/api/search?q=transfo'))
        return json(200, {
          success: true,
          data: {
            equipment: [
              {
                id: 5,
                nom: 'Transformateur T2',
                marque: 'Schneider',
                modele: 'Trihal',
                numero_serie: 'SN-9',
                client: 'Atlas',
              },
            ],
            clients: [{ id: 8, nom_entreprise: 'Transformation Agadir', ville: 'Agadir', ice: null }],
            interventions: [],
          },
        });
      // A slow machine lets the debounce fire on a prefix ('tra'): the server answers it with empty groups.
      if (url.startsWith('/api/search?q='))
        return json(200, { success: true, data: { equipment: [], clients: [], interventions: [] } });
      if (url === '/api/notifications/unread-count') return json(200, { success: true, data: { unread: 3 } });
      if (url.startsWith('/api/dashboard/alerts'))
        return json(200, {
          success: true,
          data: { urgent: [], overdue: [], counts: { urgent: 0, overdue: 0, total: 0 } },
        });
      return json(200, { success: true, data: [], pagination: { total: 0, pages: 0, page: 1, limit: 10 } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('route table and guards (spec §2, §6)', () => {
  it.each([
    [paths.clients, 'clients:read'],
    [paths.equipment, 'equipment:read'],
    [paths.interventions, 'interventions:read'],
    [paths.reports, 'reports:read'],
    [paths.analytics, 'analytics:read'],
  ])(
    "%s without %s shows 'Permission Required', the permission, the administrator hint and Go Back",
    async (path, permission) => {
      signIn(userWith('Technicien', []));
      openApp(path);
      expect(await screen.findByRole('heading', { name: 'Permission Required' })).toBeInTheDocument();
      expect(screen.getByText(permission)).toBeInTheDocument();
      expect(screen.getByText(/Contactez votre administrateur/)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    },
  );

  it.each([paths.users, paths.roles, paths.sections])(
    "%s for a non-administrator shows 'Access Denied' with the required and the current role",
    async (path) => {
      signIn(userWith('Technicien', ['users:read', 'users:create', 'clients:read']));
      openApp(path);
      expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
      const facts = screen.getByRole('heading', { name: 'Access Denied' }).parentElement as HTMLElement;
      expect(within(facts).getByText('Administrateur')).toBeInTheDocument();
      expect(within(facts).getByText('Technicien')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    },
  );

  it('a protected page sends an unauthenticated visitor to /login', async () => {
    openApp('/settings');
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
    expect(pathname()).toBe(paths.login);
  });

  it('/dashboard redirects to /', async () => {
    signIn(userWith('Technicien', []));
    openApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 }, PAGE_LOAD)).toBeInTheDocument();
    expect(pathname()).toBe(paths.dashboard);
  });

  it.each([paths.login, paths.register])('an authenticated user opening %s goes to /', async (path) => {
    signIn(userWith('Technicien', []));
    openApp(path);
    expect(await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 }, PAGE_LOAD)).toBeInTheDocument();
    expect(pathname()).toBe(paths.dashboard);
  });

  it('any other path shows the 404 page: title, code, four links, a back button and a support block', async () => {
    openApp('/nulle-part/ici');
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
    expect(screen.getByText('404-NOT-FOUND')).toBeInTheDocument();
    const links = within(screen.getByRole('navigation', { name: 'Pages principales' })).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/', '/clients', '/equipment', '/interventions']);
    expect(screen.getByRole('button', { name: 'Retour' })).toBeInTheDocument();
    expect(screen.getByText("Besoin d'aide ?")).toBeInTheDocument();
  });
});

describe('layout (spec §2)', () => {
  it('shows only the entries the permissions allow, no Administration section, the user card and version 1.0.0', async () => {
    signIn(userWith('Technicien', ['clients:read', 'interventions:read']));
    openApp(paths.settings);
    const nav = await screen.findByRole('navigation', { name: 'Navigation principale' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Tableau de Bord', 'Clients', 'Interventions', 'Planning']);
    expect(within(nav).queryByText('Administration')).toBeNull();
    const sidebar = screen.getByRole('complementary', { name: 'Barre latérale' });
    expect(within(sidebar).getByText('Omar Tazi')).toBeInTheDocument();
    expect(within(sidebar).getByText('Technicien')).toBeInTheDocument();
    expect(within(sidebar).getByText('Version 1.0.0')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2024 GMAO');
  });

  it("'Aller au contenu' is the first focusable element and moves the focus to the page's content", async () => {
    signIn(userWith('Technicien', ['clients:read']));
    openApp(paths.settings);
    await screen.findByRole('navigation', { name: 'Navigation principale' });
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Aller au contenu' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#contenu');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('an administrator sees every entry and the Administration section', async () => {
    signIn(userWith('Administrateur', []));
    openApp(paths.settings);
    const nav = await screen.findByRole('navigation', { name: 'Navigation principale' });
    expect(within(nav).getByText('Navigation')).toBeInTheDocument();
    expect(within(nav).getByText('Administration')).toBeInTheDocument();
    for (const entry of ['Clients', 'Équipements', 'Interventions', 'Rapports', 'Analyses', 'Utilisateurs']) {
      expect(within(nav).getByRole('link', { name: new RegExp(`^${entry}`) })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Rôles et permissions' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Sections' })).toBeInTheDocument();
  });

  it('the sidebar collapses (remembered), and opens as a slide-in on small screens', async () => {
    signIn(userWith('Technicien', []));
    const user = userEvent.setup();
    openApp(paths.settings);
    await user.click(await screen.findByRole('button', { name: 'Replier la barre latérale' }));
    expect(screen.getByRole('button', { name: 'Déplier la barre latérale' })).toHaveAttribute('aria-expanded', 'false');
    expect(localStorage.getItem('sidebar_collapsed')).toBe('1');

    const sidebar = screen.getByRole('complementary', { name: 'Barre latérale' });
    expect(sidebar).toHaveClass('invisible');
    await user.click(screen.getByRole('button', { name: 'Ouvrir le menu' }));
    expect(sidebar).not.toHaveClass('invisible');
    expect(screen.getByRole('button', { name: 'Fermer le menu' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(sidebar).toHaveClass('invisible');
  });

  it('the top bar search has the spec placeholder, groups its results and opens one with the keyboard', async () => {
    signIn(userWith('Technicien', ['equipment:read', 'clients:read']));
    const user = userEvent.setup();
    openApp(paths.settings);
    const search = await screen.findByRole('combobox', { name: 'Recherche globale' });
    expect(search).toHaveAttribute('placeholder', 'Rechercher équipements, clients, interventions...');
    await user.type(search, 'transfo');
    const list = await screen.findByRole('listbox', { name: 'Résultats de la recherche' });
    await within(list).findByRole('option', { name: /Transformateur T2/ });
    expect(
      within(list)
        .getAllByRole('group')
        .map((g) => g.getAttribute('aria-label')),
    ).toEqual(['Équipements', 'Clients']);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(search.getAttribute('aria-activedescendant')).toBe(
      within(list).getByRole('option', { name: /Transformation Agadir/ }).id,
    );
    await user.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(pathname()).toBe('/equipment/5'));
  });

  it("the user menu offers profile, settings and logout; logout (even refused by the server) goes to /login with 'Déconnexion réussie' top-right", async () => {
    signIn(userWith('Technicien', []));
    logoutStatus = 500;
    const user = userEvent.setup();
    openApp(paths.settings);
    await user.click(await screen.findByRole('button', { name: 'Menu utilisateur' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Mon profil' })).toHaveAttribute('href', paths.profile);
    expect(within(menu).getByRole('menuitem', { name: 'Paramètres' })).toHaveAttribute('href', paths.settings);
    await user.click(within(menu).getByRole('menuitem', { name: 'Déconnexion' }));
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
    expect(pathname()).toBe(paths.login);
    expect(localStorage.getItem('auth_token')).toBeNull();
    const toast = await screen.findByText(AUTH_TOASTS.logout);
    // react-hot-toast places a top-right toast at the top, aligned to the right
    const placed = toast.closest<HTMLElement>('[style*="justify-content"]');
    expect(placed?.style.justifyContent).toBe('flex-end');
    expect(placed?.style.top).toBe('0px');
  });

  it('the notification bell shows the unread count the API gives', async () => {
    signIn(userWith('Technicien', []));
    openApp(paths.settings);
    expect(await screen.findByRole('button', { name: 'Notifications (3 non lues)' })).toBeInTheDocument();
  });
});

describe('toasts (spec §9)', () => {
  it('show at most 20 at once', async () => {
    signIn(userWith('Technicien', []));
    openApp(paths.settings);
    await screen.findByRole('navigation', { name: 'Navigation principale' });
    const { toast } = await import('react-hot-toast');
    act(() => {
      for (let i = 1; i <= 25; i += 1) toast(`Message ${i}`);
    });
    await waitFor(() => expect(screen.getAllByText(/^Message \d+$/)).toHaveLength(20));
  });
});
