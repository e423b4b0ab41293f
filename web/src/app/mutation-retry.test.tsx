import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRegister } from '../features/auth/api/register';
import { useCreateClient } from '../features/clients/api/mutate-client';
import { useCreateEquipment } from '../features/equipment/api/mutate-equipment';
import { useChangePassword } from '../features/profile/api/update-profile';
import { useActivateUser, useCreateUser, useDeleteUser, useUpdateUser } from '../features/users/api/mutate-user';
import { createQueryClient } from '../lib/query-client';

/**
 * Spec §7 "Query behaviour": mutations retry once (never on a 4xx). The mutations that had turned the retry off —
 * client and equipment creation, the user mutations, registration, the password change — use the app's rule: a
 * server error (5xx) or a network failure is tried once more, a refusal is not.
 */

let calls: string[];
let answers: number[];
beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      calls.push(url);
      const status = answers.shift() ?? 200;
      const body = status === 200 ? { success: true, data: { id: 3 } } : { success: false, message: 'Erreur' };
      return Promise.resolve(
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
      );
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function wrapperFor() {
  const client = createQueryClient();
  // the app's retry rule, without its one-second wait
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({ ...defaults, mutations: { ...defaults.mutations, retryDelay: 0 } });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

type Hook = () => { mutateAsync: (input: never) => Promise<unknown> };
const cases: [string, Hook, unknown][] = [
  ['client creation', useCreateClient, { nom_entreprise: 'Atlas' }],
  ['equipment creation', useCreateEquipment, { nom: 'Moteur', proprietaire_id: 1 }],
  ['user creation', useCreateUser, { nom: 'Omar', username: 'omar', password: 'abc123', role_id: 2 }],
  ['user update', useUpdateUser, { id: 3, input: { nom: 'Omar' } }],
  ['user activation', useActivateUser, { id: 3, input: { role_id: 2 } }],
  ['user deletion', useDeleteUser, 3],
  ['registration', useRegister, { nom: 'Omar', username: 'omar', password: 'abc123' }],
  ['password change', useChangePassword, { currentPassword: 'abc123', newPassword: 'def456' }],
];

describe('the spec’s single retry of mutations', () => {
  it.each(cases)('%s is tried once more after a server error', async (_name, hook, input) => {
    answers = [500];
    const { result } = renderHook(hook, { wrapper: wrapperFor() });
    await result.current.mutateAsync(input as never);
    expect(calls).toHaveLength(2);
  });

  it.each(cases)('%s is not retried after a refusal (4xx)', async (_name, hook, input) => {
    answers = [422];
    const { result } = renderHook(hook, { wrapper: wrapperFor() });
    await expect(result.current.mutateAsync(input as never)).rejects.toThrow();
    expect(calls).toHaveLength(1);
  });
});
