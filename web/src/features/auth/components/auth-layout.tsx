import { APP_VERSION, COPYRIGHT_YEAR } from '@gmao/domain/format/format';
import { BarChart3, ClipboardList, Gauge, Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../components/layout/page-header';

export const AUTH_FEATURES = [
  { icon: ClipboardList, text: 'Gestion complète des interventions' },
  { icon: Gauge, text: 'Suivi des équipements en temps réel' },
  { icon: BarChart3, text: 'Rapports et analyses détaillés' },
] as const;

/** Two-panel layout of the public screens: product pitch on the left, the form on the right. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="flex min-h-full">
      <aside className="hidden w-1/2 flex-col justify-between bg-gradient-to-br from-blue-800 to-blue-950 p-12 text-white lg:flex">
        <div className="flex items-center gap-3 text-2xl font-bold">
          <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-amber-400 text-blue-950">
            <Zap aria-hidden="true" />
          </span>
          GMAO
        </div>
        <div>
          <h2 className="mb-6 text-3xl font-semibold leading-tight">
            La maintenance de vos équipements industriels et électriques, maîtrisée.
          </h2>
          <ul className="space-y-4">
            {AUTH_FEATURES.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-blue-100">
                <Icon className="h-5 w-5 text-amber-300" aria-hidden="true" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-blue-300">
          © {COPYRIGHT_YEAR} GMAO — version {APP_VERSION}
        </p>
      </aside>
      <main className="flex w-full items-center justify-center p-6 lg:w-1/2">
        <div className="w-full max-w-md">
          {/* Small screens hide the left panel: keep the brand above the form and the credits below it. */}
          <div className="mb-8 flex items-center gap-2 text-xl font-bold text-blue-950 lg:hidden">
            <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-amber-400 text-blue-950">
              <Zap className="h-5 w-5" aria-hidden="true" />
            </span>
            GMAO
          </div>
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          {subtitle && <p className="mt-1 text-slate-600">{subtitle}</p>}
          <div className="mt-8">{children}</div>
          <p className="mt-10 text-center text-xs text-slate-500 lg:hidden">
            © {COPYRIGHT_YEAR} GMAO — version {APP_VERSION}
          </p>
        </div>
      </main>
    </div>
  );
}
