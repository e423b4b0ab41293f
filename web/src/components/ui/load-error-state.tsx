import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './button';
import { EmptyState } from './empty-state';

/** What a list shows when its first load failed: a title, what could not be loaded, and a retry button. */
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
  /** Replaces the empty state's default icon. */
  icon?: ReactNode;
}) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      description={description}
      action={
        <Button variant={retryVariant} onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    />
  );
}
