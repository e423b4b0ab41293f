import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from './error-screen';

let logged: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  logged = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

function Broken(): never {
  throw new Error('panne');
}

it("an uncaught render error shows 'Oups ! Une erreur s'est produite', reload and home, and a code also logged", () => {
  render(
    <AppErrorBoundary>
      <Broken />
    </AppErrorBoundary>,
  );
  expect(screen.getByRole('heading', { name: "Oups ! Une erreur s'est produite" })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Recharger la page' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
  const code = screen.getByText(/^ERR-APP-[0-9A-Z]+$/).textContent;
  expect(logged).toHaveBeenCalledWith(code, expect.any(Error), expect.anything());
});
