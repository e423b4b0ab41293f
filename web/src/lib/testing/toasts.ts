import { vi } from 'vitest';
import { notify } from '../toast';

/**
 * Spies on the app's toasts (lib/toast `notify`): they record their calls and show nothing, as a vi.mock of lib/toast
 * did, without isolating the file in its own worker (vitest.config.ts). Call it in a beforeEach: the file's own
 * vi.restoreAllMocks() then cannot leave a test without them.
 */
export function spyOnToasts() {
  return {
    success: vi.spyOn(notify, 'success').mockReturnValue(''),
    error: vi.spyOn(notify, 'error').mockReturnValue(''),
    info: vi.spyOn(notify, 'info').mockReturnValue(''),
  };
}
