import { PageHeader } from '../../../components/layout/page-header';

/** The spec does not show this screen: it holds the preferences kept on this device. */
export default function SettingsRoute() {
  const forgetUsername = () => localStorage.removeItem('remembered_username');
  return (
    <section>
      <PageHeader title="Paramètres" description="Préférences enregistrées sur cet appareil." />
      <div className="max-w-2xl space-y-4 rounded-xl border border-slate-200 bg-white p-6">
        <div className="flex items-center justify-between gap-4">
          <div>
            <p className="font-medium">Identifiant mémorisé</p>
            <p className="text-sm text-slate-500">Oublier le nom d'utilisateur pré-rempli sur l'écran de connexion.</p>
          </div>
          <button
            type="button"
            onClick={forgetUsername}
            className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50"
          >
            Oublier
          </button>
        </div>
        <div>
          <p className="font-medium">Langue et formats</p>
          <p className="text-sm text-slate-500">Français — dates et nombres fr-FR, montants en dirhams (MAD).</p>
        </div>
      </div>
    </section>
  );
}
