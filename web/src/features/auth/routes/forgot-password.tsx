import { PASSWORD_RESET_MESSAGES as M } from '@gmao/domain/auth/password-reset';
import { AuthLayout } from '../components/auth-layout';
import { ForgotPasswordForm } from '../components/password-reset-forms';

/** /forgot-password (issue 15): a link by e-mail, or the administrators are told when no e-mail can be sent. */
export default function ForgotPasswordRoute() {
  return (
    <AuthLayout title={M.forgotTitle} subtitle={M.forgotSubtitle}>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
