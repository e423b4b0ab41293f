import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { OfflineDb } from './outbox';
import { dataAgeLabel, restoreQueries, saveQueries } from './query-snapshot';

describe("the technician's cached day", () => {
  it('saves the interventions reads per user and puts them back after a reload; not the other screens', async () => {
    const before = new QueryClient();
    before.setQueryData(['interventions', 'detail', 12], { id: 12, titre: 'Poste 3' });
    before.setQueryData(['users', 'list'], [{ id: 1 }]);
    const db = new OfflineDb('snapshot-1');
    await saveQueries(db, 7, before, new Date(2026, 10, 28, 7, 42).getTime());
    db.close();

    const reopened = new OfflineDb('snapshot-1');
    const after = new QueryClient();
    const savedAt = await restoreQueries(reopened, 7, after);
    expect(after.getQueryData(['interventions', 'detail', 12])).toEqual({ id: 12, titre: 'Poste 3' });
    expect(after.getQueryData(['users', 'list'])).toBeUndefined();
    expect(dataAgeLabel(savedAt!)).toBe('données du 28/11 à 07:42');
    expect(await restoreQueries(reopened, 8, new QueryClient())).toBeNull();
    reopened.close();
  });
});
