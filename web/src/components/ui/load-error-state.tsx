import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './button';
import { EmptyState } from './empty-state';

/**
 * What a list shows when its first load failed: a warning icon, a title, what could not be loaded, and a retry
 * button (role=alert so screen readers hear it).
 */
export function LoadErrorState({
  description,
  onRetry,
  title = 'Erreur de chargement',
  retryLabel = 'Réessayer',
  retryVariant = 'primary',
  icon,
}: {
  description: ReactNode;
  onRetry: () => void;
  title?: ReactNode;
  retryLabel?: ReactNode;
  retryVariant?: ButtonVariant;
  /** Replaces the default warning icon. */
  icon?: ReactNode;
}) {
  return (
    <div role="alert">
      <EmptyState
        icon={icon ?? <AlertTriangle className="h-6 w-6 text-red-500" />}
        title={title}
        description={description}
        action={
          <Button variant={retryVariant} onClick={onRetry}>
            {retryLabel}
          </Button>
        }
      />
    </div>
  );
}
