import { toast } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INTERVENTION_TOAST_DURATIONS, notify, TOAST_DURATIONS } from './toast';

vi.mock('react-hot-toast', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));
afterEach(() => vi.clearAllMocks());

describe('toast durations (spec §9)', () => {
  it('default 4 s, success 3 s, error 5 s', () => {
    notify.info('Info');
    notify.success('Fait');
    notify.error('Échec');
    expect(toast).toHaveBeenCalledWith('Info', { duration: 4000 });
    expect(toast.success).toHaveBeenCalledWith('Fait', { duration: 3000 });
    expect(toast.error).toHaveBeenCalledWith('Échec', { duration: 5000 });
    expect(TOAST_DURATIONS).toEqual({ default: 4000, success: 3000, error: 5000 });
  });

  it('the intervention flow uses 2 s for a success and 4 s for an error', () => {
    notify.success('Statut mis à jour avec succès', INTERVENTION_TOAST_DURATIONS.success);
    notify.error('Erreur', INTERVENTION_TOAST_DURATIONS.error);
    expect(toast.success).toHaveBeenCalledWith('Statut mis à jour avec succès', { duration: 2000 });
    expect(toast.error).toHaveBeenCalledWith('Erreur', { duration: 4000 });
  });
});
