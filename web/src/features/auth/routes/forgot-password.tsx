import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { AuthLayout } from '../components/auth-layout';

/** The spec does not show this screen: passwords are reset by an administrator. */
export default function ForgotPasswordRoute() {
  return (
    <AuthLayout title="Mot de passe oublié" subtitle="La réinitialisation est faite par un administrateur.">
      <div className="space-y-4 text-slate-700">
        <p>
          Contactez l'administrateur de la GMAO ou le responsable de votre section : il peut définir un nouveau mot de
          passe depuis la gestion des utilisateurs. Vous pourrez ensuite le changer depuis votre profil.
        </p>
        <Link to={paths.login} className="font-medium text-blue-700 hover:underline">
          Retour à la connexion
        </Link>
      </div>
    </AuthLayout>
  );
}
