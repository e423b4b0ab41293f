import { PASSWORD_RESET_MESSAGES as M } from '@gmao/domain/auth/password-reset';
import { useSearchParams } from 'react-router';
import { AuthLayout } from '../components/auth-layout';
import { ResetPasswordForm } from '../components/password-reset-forms';

/** /reset-password?token=… : the link of the recovery e-mail. */
export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  return (
    <AuthLayout title={M.resetTitle} subtitle={M.resetSubtitle}>
      <ResetPasswordForm token={params.get('token')} />
    </AuthLayout>
  );
}
