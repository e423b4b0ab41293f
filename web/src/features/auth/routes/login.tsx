import { Navigate, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { AuthLayout } from '../components/auth-layout';
import { LoginForm } from '../components/login-form';

/** The page the guard remembered, else the dashboard. */
function useReturnTo(): string {
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  return from && from !== paths.login ? from : paths.dashboard;
}

export default function LoginRoute() {
  const session = useSession();
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  if (session.status === 'authenticated') return <Navigate to={returnTo} replace />;
  return (
    <AuthLayout title="Connexion" subtitle="Connectez-vous pour accéder à votre espace de maintenance.">
      <LoginForm onSuccess={() => navigate(returnTo, { replace: true })} />
    </AuthLayout>
  );
}
