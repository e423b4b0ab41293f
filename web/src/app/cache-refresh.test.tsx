import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCreateClient, useDeleteClient, useUpdateClient } from '../features/clients/api/mutate-client';
import { clientsKeys } from '../features/clients/api/query-keys';
import { dashboardKeys } from '../features/dashboard/api/query-keys';
import { useCreateEquipment, useDeleteEquipment } from '../features/equipment/api/mutate-equipment';
import { equipmentKeys } from '../features/equipment/api/query-keys';
import {
  useChangeStatus,
  useCreateIntervention,
  useDeleteIntervention,
} from '../features/interventions/api/mutate-intervention';
import {
  useSaveDiagnostic,
  useSavePlanification,
  useSaveQualityControl,
} from '../features/interventions/api/mutate-records';
import { interventionKeys } from '../features/interventions/api/query-keys';
import { useCreateUser, useDeleteUser, useUpdateUser } from '../features/users/api/mutate-user';
import { usersKeys } from '../features/users/api/query-keys';
import { sharedQueryKeys } from '../lib/query-keys';

/** Spec §7: what each mutation refreshes, seen as the cached queries it marks stale. */

const KEYS = {
  clientList: clientsKeys.list({ page: 1, limit: 10 }),
  client: clientsKeys.detail(3),
  otherClient: clientsKeys.detail(4),
  stats: dashboardKeys.stats(30),
  recent: dashboardKeys.recent(10),
  alerts: dashboardKeys.alerts(),
  equipmentList: equipmentKeys.list({ page: 1, limit: 10 }),
  interventionList: interventionKeys.list({ page: 1, limit: 10 }),
  intervention: interventionKeys.detail(9),
  workflow: interventionKeys.workflow(9),
  userList: usersKeys.list({ page: 1, limit: 10 }),
  roles: sharedQueryKeys.roleList(),
} as const;
type Key = keyof typeof KEYS;

let client: QueryClient;
beforeEach(() => {
  client = new QueryClient();
  for (const key of Object.values(KEYS)) client.setQueryData(key, { success: true, data: [] });
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify({ success: true, data: { id: 3 } }), { status: 200 }))),
  );
});
afterEach(() => vi.unstubAllGlobals());

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);
async function run<T>(useMutationHook: () => { mutateAsync: (input: T) => Promise<unknown> }, input: T) {
  const { result } = renderHook(useMutationHook, { wrapper });
  await result.current.mutateAsync(input);
}
const stale = () =>
  (Object.keys(KEYS) as Key[]).filter((name) => client.getQueryState(KEYS[name])?.isInvalidated).sort();

describe('after a mutation (spec §7)', () => {
  it('client create and delete refresh the client list and the dashboard stats', async () => {
    await run(useCreateClient, { nom_entreprise: 'Cimenterie du Nord' } as never);
    expect(stale()).toEqual(expect.arrayContaining(['clientList', 'stats']));
    client = new QueryClient();
    for (const key of Object.values(KEYS)) client.setQueryData(key, { success: true, data: [] });
    await run(useDeleteClient, 3);
    expect(stale()).toEqual(expect.arrayContaining(['clientList', 'stats']));
  });

  it('client update refreshes the client list and that client', async () => {
    await run(useUpdateClient, { id: 3, input: { nom_entreprise: 'Atlas' } as never });
    expect(stale()).toEqual(expect.arrayContaining(['client', 'clientList']));
  });

  it('equipment create and delete refresh the dashboard stats and the equipment lists', async () => {
    await run(useCreateEquipment, { nom: 'Pompe', proprietaire_id: 3 } as never);
    expect(stale()).toEqual(expect.arrayContaining(['equipmentList', 'stats']));
    client = new QueryClient();
    for (const key of Object.values(KEYS)) client.setQueryData(key, { success: true, data: [] });
    await run(useDeleteEquipment, 7);
    expect(stale()).toEqual(expect.arrayContaining(['equipmentList', 'stats']));
  });

  it.each([
    ['create', useCreateUser, {}],
    ['update', useUpdateUser, { id: 7, input: {} }],
    ['delete', useDeleteUser, 7],
  ] as const)('user %s refetches the user list', async (_name, hook, input) => {
    await run(hook as never, input);
    expect(stale()).toContain('userList');
  });

  it.each([
    ['create', useCreateIntervention, { equipement_id: 3, date: '2026-03-02' }],
    ['status update', useChangeStatus, { id: 9, statut: 'EN_COURS' }],
    ['diagnostic', useSaveDiagnostic, { id: 9, body: {} }],
    ['planning', useSavePlanification, { id: 9, body: {} }],
    ['quality control', useSaveQualityControl, { id: 9, body: {} }],
    ['delete', useDeleteIntervention, 9],
  ] as const)(
    'intervention %s refreshes lists, the intervention, its workflow, recent, stats and alerts',
    async (_name, hook, input) => {
      await run(hook as never, input);
      expect(stale()).toEqual(
        expect.arrayContaining(['alerts', 'intervention', 'interventionList', 'recent', 'stats', 'workflow']),
      );
      expect(stale()).not.toContain('userList');
    },
  );
});
