import { ArrowLeft, Building2, ClipboardList, LayoutDashboard, LifeBuoy, Wrench } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { useDocumentTitle } from '../../components/layout/page-header';
import { paths } from '../../lib/paths';

export const NOT_FOUND_TITLE = 'Page introuvable';
export const NOT_FOUND_CODE = '404-NOT-FOUND';

const LINKS = [
  { to: paths.dashboard, label: 'Tableau de Bord', icon: LayoutDashboard },
  { to: paths.clients, label: 'Clients', icon: Building2 },
  { to: paths.equipment, label: 'Équipements', icon: Wrench },
  { to: paths.interventions, label: 'Interventions', icon: ClipboardList },
];

export default function NotFoundRoute() {
  const navigate = useNavigate();
  useDocumentTitle(NOT_FOUND_TITLE);
  return (
    <main className="flex min-h-full items-center justify-center bg-slate-50 p-4 sm:p-6">
      <div className="w-full max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <p className="text-6xl font-extrabold text-blue-700">404</p>
        <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{NOT_FOUND_TITLE}</h1>
        <p className="mt-2 text-slate-600">La page que vous cherchez n'existe pas ou a été déplacée.</p>
        <p className="mt-1 text-sm text-slate-500">
          Code d'erreur : <code className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-800">{NOT_FOUND_CODE}</code>
        </p>
        <nav aria-label="Pages principales" className="mt-6 grid gap-3 sm:grid-cols-2">
          {LINKS.map(({ to, label, icon: Icon }) => (
            <Link
              key={to}
              to={to}
              className="flex items-center gap-3 rounded-lg border border-slate-200 p-3 hover:border-blue-300 hover:bg-blue-50"
            >
              <Icon className="h-5 w-5 text-blue-700" aria-hidden="true" />
              <span className="font-medium">{label}</span>
            </Link>
          ))}
        </nav>
        <button
          type="button"
          onClick={() => navigate(-1)}
          className="mt-6 inline-flex items-center gap-2 rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Retour
        </button>
        <div className="mt-8 flex items-start gap-3 rounded-lg bg-slate-50 p-4 text-sm text-slate-600">
          <LifeBuoy className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
          <div>
            <p className="font-medium text-slate-800">Besoin d'aide ?</p>
            <p>
              Contactez le support technique : support@gmao.ma — +212 5 22 00 00 00, du lundi au vendredi de 8 h 30 à 18
              h.
            </p>
          </div>
        </div>
      </div>
    </main>
  );
}
