import { TIMEFRAME_LABELS } from '@gmao/domain/analytics/analytics-schemas';
import { DEFAULT_TIMEFRAME, TIMEFRAMES } from '@gmao/domain/dashboard/metrics';
import { formatCurrency, formatDate, formatNumber, formatPercent } from '@gmao/domain/format/format';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/layout/page-header';
import { PREFERENCES, usePreference, writePreference } from '../../../components/layout/preferences';
import { inputClass } from '../../../components/ui/form-field';
import { notify } from '../../../lib/toast';

function Row({
  title,
  hint,
  htmlFor,
  children,
}: {
  title: string;
  hint: ReactNode;
  htmlFor?: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        {htmlFor ? (
          <label htmlFor={htmlFor} className="font-medium text-slate-900">
            {title}
          </label>
        ) : (
          <p className="font-medium text-slate-900">{title}</p>
        )}
        <p className="text-sm text-slate-500">{hint}</p>
      </div>
      {children && <div className="shrink-0">{children}</div>}
    </div>
  );
}

function Switch({ id, checked, onChange }: { id: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <button
      id={id}
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={() => onChange(!checked)}
      className={`relative inline-flex h-6 w-11 items-center rounded-full transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2 ${
        checked ? 'bg-blue-700' : 'bg-slate-300'
      }`}
    >
      <span
        aria-hidden="true"
        className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5' : 'translate-x-0.5'}`}
      />
    </button>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 className="mb-4 text-lg font-semibold text-slate-900">{title}</h2>
      <div className="divide-y divide-slate-100">{children}</div>
    </section>
  );
}

/**
 * The spec does not show this screen: the preferences kept on this device, then what the app layer adds (`extra`:
 * the notification preferences, kept on the server).
 */
export default function SettingsRoute({ extra }: { extra?: ReactNode } = {}) {
  const collapsed = usePreference(PREFERENCES.sidebarCollapsed) === '1';
  const reduceMotion = usePreference(PREFERENCES.reduceMotion) === '1';
  const storedTimeframe = Number(usePreference(PREFERENCES.analyticsTimeframe));
  const timeframe = (TIMEFRAMES as readonly number[]).includes(storedTimeframe) ? storedTimeframe : DEFAULT_TIMEFRAME;
  const remembered = usePreference(PREFERENCES.rememberedUsername);

  const forget = () => {
    writePreference(PREFERENCES.rememberedUsername, null);
    notify.success('Identifiant oublié sur cet appareil');
  };

  return (
    <section>
      <PageHeader title="Paramètres" description="Préférences d'affichage enregistrées sur cet appareil uniquement." />
      <div className="max-w-3xl space-y-6">
        <Card title="Affichage">
          <Row
            title="Barre latérale repliée"
            hint="Sur grand écran, n'afficher que les icônes du menu."
            htmlFor="pref-sidebar"
          >
            <Switch
              id="pref-sidebar"
              checked={collapsed}
              onChange={(on) => writePreference(PREFERENCES.sidebarCollapsed, on ? '1' : '0')}
            />
          </Row>
          <Row
            title="Réduire les animations"
            hint="Désactive les transitions et animations de l'interface."
            htmlFor="pref-motion"
          >
            <Switch
              id="pref-motion"
              checked={reduceMotion}
              onChange={(on) => writePreference(PREFERENCES.reduceMotion, on ? '1' : null)}
            />
          </Row>
          <Row
            title="Période par défaut des analyses"
            hint="Période affichée à l'ouverture de la page Analyses."
            htmlFor="pref-timeframe"
          >
            <select
              id="pref-timeframe"
              className={`${inputClass()} w-auto`}
              value={timeframe}
              onChange={(e) => writePreference(PREFERENCES.analyticsTimeframe, e.target.value)}
            >
              {TIMEFRAMES.map((d) => (
                <option key={d} value={d}>
                  {TIMEFRAME_LABELS[d]}
                </option>
              ))}
            </select>
          </Row>
        </Card>

        <Card title="Connexion">
          <Row
            title="Identifiant mémorisé"
            hint={
              remembered ? (
                <>
                  L'écran de connexion pré-remplit <span className="font-medium text-slate-700">{remembered}</span>.
                </>
              ) : (
                "Aucun identifiant n'est mémorisé sur cet appareil."
              )
            }
          >
            <button
              type="button"
              onClick={forget}
              disabled={!remembered}
              className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50"
            >
              Oublier l'identifiant
            </button>
          </Row>
        </Card>

        <Card title="Langue et formats">
          <Row
            title="Français (France), montants en dirhams"
            hint={`Exemples : ${formatDate(new Date())} · ${formatNumber(1234.5)} · ${formatPercent(43.5)} · ${formatCurrency(12500)}`}
          />
        </Card>
        {extra}
      </div>
    </section>
  );
}
