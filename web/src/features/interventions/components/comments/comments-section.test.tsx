import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../../lib/testing/session';
import { CommentsSection } from './comments-section';

const session = vi.hoisted(() => ({ granted: new Set<string>(), role: 'Technicien', userId: 1 }));
// The session user, read by the domain access policy.

const comment = (id: number, authorId: number, text: string) => ({
  id,
  comment: text,
  auteur: { id: authorId, nom: `Auteur ${authorId}` },
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  edited: false,
});

beforeEach(() => {
  session.granted = new Set(['interventions:read', 'interventions:update']);
  session.role = 'Technicien';
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            success: true,
            data: [comment(1, 1, 'Le mien'), comment(2, 9, "Celui d'un collègue")],
            pagination: { total: 2, pages: 1, page: 1, limit: 10 },
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
      ),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

// The name is the visible word plus sr-only text; jsdom may not keep the space between them.
const EDIT = /^Modifier\s*le commentaire$/;
const DELETE = /^Supprimer\s*le commentaire$/;

const renderSection = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CommentsSection interventionId={3} facts={{ createdBy: 9, technicianId: 8 }} />
    </QueryClientProvider>,
    signedIn({ id: session.userId, role: session.role, permissions: [...session.granted] }),
  );
const item = async (text: string) => (await screen.findByText(text)).closest('li') as HTMLElement;

describe('CommentsSection', () => {
  it('offers edit and delete on the user’s own comments only', async () => {
    renderSection();
    expect(within(await item('Le mien')).getByRole('button', { name: EDIT })).toBeInTheDocument();
    const other = await item("Celui d'un collègue");
    expect(within(other).queryByRole('button', { name: EDIT })).toBeNull();
    expect(within(other).queryByRole('button', { name: DELETE })).toBeNull();
  });

  it('dates each comment the relative way of spec §9 (older than a week: the date), exact time in the tooltip', async () => {
    renderSection();
    const time = (await item('Le mien')).querySelector('time');
    expect(time).toHaveTextContent('01/01/2026');
    expect(time).toHaveAttribute('dateTime', '2026-01-01T10:00:00.000Z');
    expect(time?.getAttribute('title')).toMatch(/^01\/01\/2026 \d{2}:00$/);
  });

  it('any technician comments, even on an intervention that is not his', async () => {
    renderSection();
    await item('Le mien');
    expect(screen.getByLabelText('Ajouter un commentaire')).toBeInTheDocument();
  });

  it('a responsable (interventions:assign) or an administrator may edit every comment; a reader may not write', async () => {
    session.role = 'Responsable';
    session.granted.add('interventions:assign');
    const { unmount } = renderSection();
    expect(within(await item("Celui d'un collègue")).getByRole('button', { name: EDIT })).toBeInTheDocument();
    unmount();
    session.role = 'Administrateur';
    session.granted = new Set();
    const admin = renderSection();
    const other = await item("Celui d'un collègue");
    expect(within(other).getByRole('button', { name: DELETE })).toBeInTheDocument();
    admin.unmount();
    session.role = 'Consultation';
    session.granted = new Set(['interventions:read']);
    renderSection();
    await item('Le mien');
    expect(screen.queryByLabelText('Ajouter un commentaire')).toBeNull();
    expect(screen.queryByRole('button', { name: EDIT })).toBeNull();
  });
});
