import { Link } from 'react-router';
import { paths } from '../paths';

function LegalPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="mx-auto max-w-3xl p-6 sm:p-10">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <div className="prose mt-6 space-y-4 text-slate-700">{children}</div>
      <Link to={paths.register} className="mt-8 inline-block font-medium text-blue-700 hover:underline">
        Retour à la demande d'accès
      </Link>
    </main>
  );
}

export function TermsRoute() {
  return (
    <LegalPage title="Conditions d'utilisation">
      <p>La GMAO est un outil interne réservé au personnel de l'entreprise et à ses administrateurs.</p>
      <p>
        Chaque utilisateur est responsable des informations qu'il saisit et de la confidentialité de ses identifiants.
      </p>
      <p>Les comptes sont activés par un administrateur, qui peut les désactiver à tout moment.</p>
    </LegalPage>
  );
}

export function PrivacyRoute() {
  return (
    <LegalPage title="Politique de confidentialité">
      <p>
        Les données personnelles (nom, identifiant, section) sont traitées uniquement pour la gestion des interventions,
        conformément à la loi 09-08 relative à la protection des personnes physiques à l'égard du traitement des données
        à caractère personnel.
      </p>
      <p>Les données sont hébergées sur les serveurs de l'entreprise et ne sont transmises à aucun tiers.</p>
    </LegalPage>
  );
}
