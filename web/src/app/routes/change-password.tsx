import { PASSWORD_CHANGE_SCREEN } from '@gmao/domain/common/messages';
import { useNavigate } from 'react-router';
import { useLogout } from '../../features/auth/api/logout';
import { AuthLayout } from '../../features/auth/components/auth-layout';
import { PasswordForm } from '../../features/profile/components/password-form';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';

/**
 * Where a user whose password an administrator chose lands after logging in (the guard sends every other page
 * here); once changed, the new session no longer carries the obligation and the dashboard opens.
 */
export default function ChangePasswordRoute() {
  const { user } = useSession();
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <AuthLayout
      title={PASSWORD_CHANGE_SCREEN.title}
      subtitle={user?.mustChangePassword ? PASSWORD_CHANGE_SCREEN.required : PASSWORD_CHANGE_SCREEN.optional}
    >
      <PasswordForm onChanged={() => navigate(paths.dashboard, { replace: true })} />
      <button
        type="button"
        onClick={() => void logout()}
        className="mt-6 text-sm font-medium text-blue-700 hover:underline"
      >
        {PASSWORD_CHANGE_SCREEN.logout}
      </button>
    </AuthLayout>
  );
}
