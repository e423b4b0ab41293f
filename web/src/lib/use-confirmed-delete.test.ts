import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { spyOnToasts } from './testing/toasts';
import { notify } from './toast';
import { useConfirmedDelete } from './use-confirmed-delete';

beforeEach(() => {
  spyOnToasts();
});

const item = { id: 7, nom: 'Maintenance' };

describe('useConfirmedDelete', () => {
  beforeEach(() => vi.mocked(notify.success).mockClear());

  it('deletes the chosen item, toasts the server message and clears the item', async () => {
    const mutateAsync = vi.fn().mockResolvedValue({ message: 'Section supprimée' });
    const onError = vi.fn();
    const { result } = renderHook(() => useConfirmedDelete<typeof item>({ mutateAsync }, { success: 'OK', onError }));
    act(() => result.current.setToDelete(item));
    expect(result.current.toDelete).toBe(item);
    await act(() => result.current.confirmDelete());
    expect(mutateAsync).toHaveBeenCalledWith(7);
    expect(notify.success).toHaveBeenCalledWith('Section supprimée');
    expect(result.current.toDelete).toBeNull();
    expect(onError).not.toHaveBeenCalled();
  });

  it('falls back to the given success message', async () => {
    const mutateAsync = vi.fn().mockResolvedValue({});
    const { result } = renderHook(() =>
      useConfirmedDelete<typeof item>({ mutateAsync }, { success: 'Supprimé', onError: () => {} }),
    );
    act(() => result.current.setToDelete(item));
    await act(() => result.current.confirmDelete());
    expect(notify.success).toHaveBeenCalledWith('Supprimé');
  });

  it('keeps the item (the dialog open) and reports a failure', async () => {
    const failure = new Error('refusé');
    const mutateAsync = vi.fn().mockRejectedValue(failure);
    const onError = vi.fn();
    const { result } = renderHook(() => useConfirmedDelete<typeof item>({ mutateAsync }, { success: 'OK', onError }));
    act(() => result.current.setToDelete(item));
    await act(() => result.current.confirmDelete());
    expect(onError).toHaveBeenCalledWith(failure);
    expect(notify.success).not.toHaveBeenCalled();
    expect(result.current.toDelete).toBe(item);
  });

  it('does nothing without a chosen item', async () => {
    const mutateAsync = vi.fn();
    const { result } = renderHook(() =>
      useConfirmedDelete<typeof item>({ mutateAsync }, { success: 'OK', onError: () => {} }),
    );
    await act(() => result.current.confirmDelete());
    expect(mutateAsync).not.toHaveBeenCalled();
  });
});
