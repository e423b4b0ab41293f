import { Navigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { AuthLayout } from '../components/auth-layout';
import { RegisterForm } from '../components/register-form';

export default function RegisterRoute() {
  const session = useSession();
  if (session.status === 'authenticated') return <Navigate to={paths.dashboard} replace />;
  return (
    <AuthLayout
      title="Demander un accès"
      subtitle="Votre demande sera examinée par un administrateur, qui activera votre compte avant votre première connexion."
    >
      <RegisterForm />
    </AuthLayout>
  );
}
