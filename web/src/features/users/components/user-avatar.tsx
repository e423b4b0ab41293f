import { displayName, initials } from '@gmao/domain/auth/user';

export function UserAvatar({ nom, size = 'md' }: { nom: string; size?: 'md' | 'lg' }) {
  const box = size === 'lg' ? 'h-14 w-14 text-lg' : 'h-9 w-9 text-sm';
  return (
    <span
      aria-hidden="true"
      className={`flex shrink-0 items-center justify-center rounded-full bg-blue-700 font-semibold text-white ${box}`}
    >
      {initials(displayName({ nom })) || '?'}
    </span>
  );
}
