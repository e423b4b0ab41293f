import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { PwaPrompts } from '../components/layout/pwa-prompts';
import { SessionProvider } from '../lib/session';
import { TOAST_DURATIONS } from '../lib/toast';
import { AppErrorBoundary } from './routes/error-screen';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <AppErrorBoundary>
      <SessionProvider>
        {children}
        <PwaPrompts />
      </SessionProvider>
      <Toaster
        position="top-right"
        // Issue 14: below the top bar (4 rem), so that a toast never covers the bell or the account menu.
        containerStyle={{ top: '4.5rem' }}
        containerClassName="app-toaster"
        toastOptions={{
          duration: TOAST_DURATIONS.default,
          success: { duration: TOAST_DURATIONS.success },
          error: { duration: TOAST_DURATIONS.error },
        }}
      />
    </AppErrorBoundary>
  );
}
