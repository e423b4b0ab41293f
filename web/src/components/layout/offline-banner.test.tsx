import { act, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { OFFLINE_MESSAGE, OfflineBanner } from './offline-banner';

afterEach(() => vi.restoreAllMocks());

it('appears when the browser goes offline and disappears when it is back', () => {
  const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  render(<OfflineBanner />);
  expect(screen.queryByRole('status')).toBeNull();
  online.mockReturnValue(false);
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
  expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_MESSAGE);
  online.mockReturnValue(true);
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
  expect(screen.queryByRole('status')).toBeNull();
});
