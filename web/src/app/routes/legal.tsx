import { Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../components/layout/page-header';
import { paths } from '../../lib/paths';

function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <main className="min-h-full bg-slate-50 px-4 py-8 sm:py-12">
      <div className="mx-auto max-w-3xl">
        <div className="mb-6 flex items-center gap-2 text-xl font-bold text-blue-950">
          <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-amber-400 text-blue-950">
            <Zap className="h-5 w-5" aria-hidden="true" />
          </span>
          GMAO
        </div>
        <article className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
          <div className="mt-6 space-y-4 leading-relaxed text-slate-700">{children}</div>
        </article>
        <nav aria-label="Liens" className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium">
          <Link to={paths.register} className="text-blue-700 hover:underline">
            Retour à la demande d'accès
          </Link>
          <Link to={paths.login} className="text-blue-700 hover:underline">
            Aller à la connexion
          </Link>
        </nav>
      </div>
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
